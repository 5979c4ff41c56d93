import { AccountOverview } from "~/components/account/OverviewPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Your account",
    description: "Your candidate profile and the exams you have bought from the coalition.",
    path: "/account",
    noindex: true,
  });

/** Served as islands (docs/decisions/0016): the page is one island, which reads the signed-in candidate from the store. */
export const handle = { islands: true };

export default function AccountOverviewRoute() {
  return (
    <Island name="account">
      <AccountOverview />
    </Island>
  );
}
