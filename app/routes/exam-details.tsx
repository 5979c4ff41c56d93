import { useLocation, type MetaArgs } from "react-router";
import { ExamDetailsPage } from "~/components/exams/ExamDetailsPage";
import { certificationByPath } from "~/data/exams";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

/** One module for the exam outline pages; the exam is chosen by the path (routes from app/data/exams.ts). */
export const meta = ({ location }: MetaArgs) => {
  const c = certificationByPath(location.pathname);
  if (!c)
    return pageMeta({ title: "Exam details", description: "Certification exam details.", path: location.pathname });
  return pageMeta({
    title: c.title,
    description: `${c.title}: ${c.details!.items} ${c.details!.itemFormat.toLowerCase()} items in ${c.details!.length}, passing score ${c.details!.passingScore}. Topics, domain weights and how to buy.`,
    path: c.learnMore!,
  });
};

/** Served as islands (docs/decisions/0016): the page is one island, its two Buy Exam buttons share the purchase dialog. */
export const handle = { islands: true };

export default function ExamDetails() {
  const { pathname } = useLocation();
  const c = certificationByPath(pathname);
  if (!c?.details) return null;
  return (
    <Island name="exam-details" props={{ certId: c.id }}>
      <ExamDetailsPage certId={c.id} />
    </Island>
  );
}
