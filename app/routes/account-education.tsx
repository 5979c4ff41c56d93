import { AccountEducation } from "~/components/account/EducationPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Continuing education",
    description: "Add continuing education activities with their evidence and follow their review.",
    path: "/account/education",
    noindex: true,
  });

/** Served as islands (docs/decisions/0016): the page is one island, which reads the signed-in candidate from the store. */
export const handle = { islands: true };

export default function AccountEducationRoute() {
  return (
    <Island name="account-education">
      <AccountEducation />
    </Island>
  );
}
