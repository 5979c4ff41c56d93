import { SignupPage } from "~/components/auth/SignupPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Create an account",
    description: "Create a candidate account to buy certification exams and follow your orders.",
    path: "/signup",
    noindex: true,
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function Signup() {
  return (
    <Island name="signup">
      <SignupPage />
    </Island>
  );
}
