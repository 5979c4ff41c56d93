import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Choose a new password",
    description: "Choose a new password for your candidate account with the link we sent you.",
    path: "/reset-password",
    noindex: true,
  });

export default function ResetPassword() {
  return <Island of="reset-password" />;
}
