import { AccountCertifications } from "~/components/account/CertificationsPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "My certifications",
    description: "Your certifications: state, expiry, continuing education units, renewal and verification.",
    path: "/account/certifications",
    noindex: true,
  });

/** Served as islands (docs/decisions/0016): the page is one island, which reads the signed-in candidate from the store. */
export const handle = { islands: true };

export default function AccountCertificationsRoute() {
  return (
    <Island name="account-certifications">
      <AccountCertifications />
    </Island>
  );
}
