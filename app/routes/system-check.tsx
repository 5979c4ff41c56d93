import { SystemCheckPage } from "~/components/system-check/SystemCheckPage";
import { MIN_MBPS } from "~/data/system-check";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "System check for online exams",
    description: `Check your camera, a connection of at least ${MIN_MBPS} Mbps down and up, display scaling and browser before an online proctored exam.`,
    path: "/system-check",
  });

/** Served as islands (decision 0016): the whole screen is one island. */
export const handle = { islands: true };

export default function SystemCheck() {
  return (
    <Island name="system-check">
      <SystemCheckPage />
    </Island>
  );
}
