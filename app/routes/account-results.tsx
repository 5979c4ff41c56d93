import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({ title: "My results", description: "Your exam results.", path: "/account/results", noindex: true });

export default function AccountResultsRoute() {
  return <Island of="account-results" />;
}
