import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Score report",
    description: "Your exam's score report: the result, the score against the passing score, and every domain.",
    path: "/exam/report",
    noindex: true,
  });

export default function ExamReportRoute() {
  return <Island of="exam-report" />;
}
