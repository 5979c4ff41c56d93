import { AccountResults } from "~/components/account/ResultsPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({ title: "My results", description: "Your exam results.", path: "/account/results", noindex: true });

/** Served as islands (docs/decisions/0016): the page is one island, which reads the signed-in candidate from the store. */
export const handle = { islands: true };

export default function AccountResultsRoute() {
  return (
    <Island name="account-results">
      <AccountResults />
    </Island>
  );
}
