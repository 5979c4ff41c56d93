import { AccountRequests } from "~/components/account/RequestsPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "My requests",
    description: "Your accommodation requests, appeals and complaints, with their state and due dates.",
    path: "/account/requests",
    noindex: true,
  });

/** Served as islands (docs/decisions/0016): the page is one island, which reads the signed-in candidate from the store. */
export const handle = { islands: true };

export default function AccountRequestsRoute() {
  return (
    <Island name="account-requests">
      <AccountRequests />
    </Island>
  );
}
