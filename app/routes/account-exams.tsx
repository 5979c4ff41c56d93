import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "My exams",
    description: "Your exam vouchers, how to sit your exam online, and cancelling a purchase.",
    path: "/account/exams",
    noindex: true,
  });

export default function AccountExamsRoute() {
  return <Island of="account-exams" />;
}
