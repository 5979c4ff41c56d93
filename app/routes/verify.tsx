import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Verify a certification",
    description:
      "Check a certification issued by the coalition: enter the credential ID from the certificate and the holder's last name.",
    path: "/verify",
  });

export default function Verify() {
  return <Island of="verify" />;
}
