import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Accept your invitation",
    description: "Set your name and password to start using the coalition's staff console.",
    path: "/invitation",
    noindex: true,
  });

export default function Invitation() {
  return <Island of="invitation" />;
}
