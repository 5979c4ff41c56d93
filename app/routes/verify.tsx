import { VerifyPage } from "~/components/auth/VerifyPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Verify a certification",
    description:
      "Check a certification issued by the coalition: enter the credential ID from the certificate and the holder's last name.",
    path: "/verify",
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function Verify() {
  return (
    <Island name="verify">
      <VerifyPage />
    </Island>
  );
}
