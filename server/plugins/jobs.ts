import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { runEvery } from "../jobs/every";
import { runDueJobs } from "../jobs/jobs";

/**
 * Ticks every `intervalMs` (and once when the app is ready) and runs the periodic jobs whose turn has come
 * (server/jobs/jobs.ts); every server process ticks, each job runs once per period across them. Stops with
 * the app, waiting for a pass in progress.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { run: boolean; intervalMs: number }) => {
    if (!opts.run) return;
    runEvery(app, opts.intervalMs, () =>
      runDueJobs(app.db)
        .then((ran) => {
          for (const r of ran) app.log.info({ job: r.name, rows: r.count }, "periodic job ran");
        })
        .catch((err: unknown) => app.log.error({ err }, "periodic jobs: the pass failed; the next tick tries again")),
    );
  },
  { name: "jobs", dependencies: ["database"] },
);
