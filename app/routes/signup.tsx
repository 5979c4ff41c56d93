import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Create an account",
    description: "Create a candidate account to buy certification exams and follow your orders.",
    path: "/signup",
    noindex: true,
  });

export default function Signup() {
  return <Island of="signup" />;
}
