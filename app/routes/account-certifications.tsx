import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "My certifications",
    description: "Your certifications: state, expiry, continuing education units, renewal and verification.",
    path: "/account/certifications",
    noindex: true,
  });

export default function AccountCertificationsRoute() {
  return <Island of="account-certifications" />;
}
