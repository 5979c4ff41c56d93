import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Forgot your password?",
    description: "Ask for a link to choose a new password for your candidate account.",
    path: "/forgot-password",
    noindex: true,
  });

export default function ForgotPassword() {
  return <Island of="forgot-password" />;
}
