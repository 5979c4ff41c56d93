import { AccountExams } from "~/components/account/ExamsPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "My exams",
    description: "Your exam vouchers, how to sit your exam online, and cancelling a purchase.",
    path: "/account/exams",
    noindex: true,
  });

/** Served as islands (docs/decisions/0016): the page is one island, which reads the signed-in candidate from the store. */
export const handle = { islands: true };

export default function AccountExamsRoute() {
  return (
    <Island name="account-exams">
      <AccountExams />
    </Island>
  );
}
