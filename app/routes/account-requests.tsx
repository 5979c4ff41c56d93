import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "My requests",
    description: "Your accommodation requests, appeals and complaints, with their state and due dates.",
    path: "/account/requests",
    noindex: true,
  });

export default function AccountRequestsRoute() {
  return <Island of="account-requests" />;
}
