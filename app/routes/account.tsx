import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Your account",
    description: "Your candidate profile and the exams you have bought from the coalition.",
    path: "/account",
    noindex: true,
  });

export default function AccountOverviewRoute() {
  return <Island of="account" />;
}
