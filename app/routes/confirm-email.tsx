import { ConfirmEmailPage } from "~/components/auth/ConfirmEmailPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Confirm your e-mail address",
    description: "Confirm the e-mail address of your candidate account with the link we sent you.",
    path: "/confirm-email",
    noindex: true,
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function ConfirmEmail() {
  return (
    <Island name="confirm-email">
      <ConfirmEmailPage />
    </Island>
  );
}
