import { ForgotPasswordPage } from "~/components/auth/ForgotPasswordPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Forgot your password?",
    description: "Ask for a link to choose a new password for your candidate account.",
    path: "/forgot-password",
    noindex: true,
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function ForgotPassword() {
  return (
    <Island name="forgot-password">
      <ForgotPasswordPage />
    </Island>
  );
}
