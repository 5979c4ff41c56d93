import { ReportPage } from "~/components/exam/ReportPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Score report",
    description: "Your exam's score report: the result, the score against the passing score, and every domain.",
    path: "/exam/report",
    noindex: true,
  });

/** Served as islands (decision 0016): the report is one island. */
export const handle = { islands: true };

export default function ExamReportRoute() {
  return (
    <Island name="exam-report">
      <ReportPage />
    </Island>
  );
}
