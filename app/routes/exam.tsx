import { examFormat } from "~/data/exams";
import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Your exam",
    description: `Sit your certification exam online: ${examFormat.items} questions on a clock our server keeps, every answer saved.`,
    path: "/exam",
    noindex: true,
  });

export default function ExamRoute() {
  return <Island of="exam" />;
}
