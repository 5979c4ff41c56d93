import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendRenewalNotices } from "../certifications/renewal-notices";
import { runEvery } from "../jobs/every";

export interface RenewalsPluginOptions {
  /** run the periodic job (the server does; API tests call sendRenewalNotices themselves) */
  run: boolean;
  intervalMs: number;
}

/**
 * Runs sendRenewalNotices (server/certifications/renewal-notices.ts) when the app is ready and then every
 * `intervalMs`; every instance may run it, the notices go out once. Stops with the app, waiting for a
 * run in progress.
 */
export const renewalsPlugin = fp(
  async (app: FastifyInstance, opts: RenewalsPluginOptions) => {
    if (!opts.run) return;
    runEvery(app, opts.intervalMs, () =>
      sendRenewalNotices(app.db, new Date())
        .then((n) => {
          if (n > 0) app.log.info({ notices: n }, "renewal notices queued");
        })
        .catch((err: unknown) => app.log.error({ err }, "renewal notices: the run failed; the next run tries again")),
    );
  },
  { name: "renewals", dependencies: ["database", "mail"] },
);
