import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Continuing education",
    description: "Add continuing education activities with their evidence and follow their review.",
    path: "/account/education",
    noindex: true,
  });

export default function AccountEducationRoute() {
  return <Island of="account-education" />;
}
