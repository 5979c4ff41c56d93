import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { BankProblemsError, defaultBankDir, hasItems, importBank } from "../exams/bank/import";
import { closeOverdueSittings } from "../exams/sittings";
import { watchSessions } from "../proctoring/sessions";
import { runEvery } from "../jobs/every";
import { runDueJobs, type Job } from "../jobs/jobs";

/** The closing job's period: once per 15 s across the server processes (a tick every EXAM_CLOSE_POLL_MS). */
export const EXAM_CLOSE_EVERY_MS = 15_000;

/**
 * The exam engine's start-up and background work:
 * - `loadSampleBank`: when the database holds no item yet, the bank in `bankDir` (the repository's public
 *   sample bank by default) is imported, so a fresh `npm start` can deliver exams. A bank with problems is
 *   not imported (the log lists them) and the server runs on: starting an exam then answers 503.
 * - `run`: the closing job, which closes and scores every sitting past its deadline, whether or not a
 *   browser is open, once per period across processes (server/jobs/jobs.ts); before it, the proctoring
 *   watch (server/proctoring): silent sessions paused, and those past the return window ended as indeterminate.
 */
export const examEnginePlugin = fp(
  async (
    app: FastifyInstance,
    opts: { run: boolean; loadSampleBank: boolean; bankDir?: string; intervalMs: number; now?: () => Date },
  ) => {
    if (opts.loadSampleBank && !(await hasItems(app.db))) {
      const dir = defaultBankDir(opts.bankDir);
      try {
        const s = await importBank(app.db, { dir });
        app.log.info({ bank: s.bank, exams: s.exams, items: s.added }, "exam bank imported at start-up");
      } catch (e) {
        if (!(e instanceof BankProblemsError)) throw e;
        app.log.warn({ dir, problems: e.problems.slice(0, 50) }, "exam bank not imported: it has problems");
      }
    }
    if (!opts.run) return;
    const job: Job = {
      name: "exam-close-overdue",
      everyMs: EXAM_CLOSE_EVERY_MS,
      run: (db, now) =>
        closeOverdueSittings(db, now, { publicUrl: app.mail.publicUrl, onRecorded: () => app.mail.worker.kick() }),
    };
    // the heartbeat rule first (issue 28.5): a silent session's clock is paused before the deadline is checked
    const watch: Job = {
      name: "proctoring-watch",
      everyMs: EXAM_CLOSE_EVERY_MS,
      run: (db, now) =>
        watchSessions(db, now, { publicUrl: app.mail.publicUrl, onRecorded: () => app.mail.worker.kick() }),
    };
    runEvery(app, opts.intervalMs, () =>
      runDueJobs(app.db, [watch, job], opts.now?.() ?? new Date())
        .then((ran) => {
          for (const r of ran) if (r.count) app.log.info({ job: r.name, rows: r.count }, "periodic job ran");
        })
        .catch((err: unknown) =>
          app.log.error({ err }, "exam closing job: the pass failed; the next tick tries again"),
        ),
    );
  },
  { name: "exam-engine", dependencies: ["database", "mail"] },
);
