import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Confirm your e-mail address",
    description: "Confirm the e-mail address of your candidate account with the link we sent you.",
    path: "/confirm-email",
    noindex: true,
  });

export default function ConfirmEmail() {
  return <Island of="confirm-email" />;
}
