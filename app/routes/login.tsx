import { LoginPage } from "~/components/auth/LoginPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Log in",
    description: "Log in to your candidate account to see your exam orders and keep your details up to date.",
    path: "/login",
    noindex: true,
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function Login() {
  return (
    <Island name="login">
      <LoginPage />
    </Island>
  );
}
