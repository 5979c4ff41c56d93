import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Log in",
    description: "Log in to your candidate account to see your exam orders and keep your details up to date.",
    path: "/login",
    noindex: true,
  });

export default function Login() {
  return <Island of="login" />;
}
