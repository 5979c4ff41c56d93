import { MIN_MBPS } from "~/data/system-check";
import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "System check for online exams",
    description: `Check your camera, a connection of at least ${MIN_MBPS} Mbps down and up, display scaling and browser before an online proctored exam.`,
    path: "/system-check",
  });

export default function SystemCheck() {
  return <Island of="system-check" />;
}
