import { InvitationPage } from "~/components/auth/InvitationPage";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Accept your invitation",
    description: "Set your name and password to start using the coalition's staff console.",
    path: "/invitation",
    noindex: true,
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function Invitation() {
  return (
    <Island name="invitation">
      <InvitationPage />
    </Island>
  );
}
