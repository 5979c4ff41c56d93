import { ExamPage } from "~/components/exam/ExamPage";
import { examFormat } from "~/data/exams";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Your exam",
    description: `Sit your certification exam online: ${examFormat.items} questions on a clock our server keeps, every answer saved.`,
    path: "/exam",
    noindex: true,
  });

/** Served as islands (decision 0016): the exam is one island, which reads the signed-in candidate from the store. */
export const handle = { islands: true };

export default function ExamRoute() {
  return (
    <Island name="exam">
      <ExamPage />
    </Island>
  );
}
