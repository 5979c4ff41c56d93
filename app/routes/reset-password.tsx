import { ResetPasswordPage } from "~/components/auth/ResetPasswordPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Choose a new password",
    description: "Choose a new password for your candidate account with the link we sent you.",
    path: "/reset-password",
    noindex: true,
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function ResetPassword() {
  return (
    <Island name="reset-password">
      <ResetPasswordPage />
    </Island>
  );
}
