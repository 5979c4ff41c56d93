import type { MetaArgs } from "react-router";
import { useLocation } from "~/lib/router";
import { certificationByPath } from "~/data/exams";
import { Island } from "~/islands/island";
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

export default function ExamDetails() {
  const { pathname } = useLocation();
  const c = certificationByPath(pathname);
  if (!c?.details) return null;
  return <Island of="exam-details" certId={c.id} />;
}
