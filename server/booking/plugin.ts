import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { runEvery } from "../jobs/every";
import { runDueJobs, type Job } from "../jobs/jobs";
import { sendDueReminders } from "./bookings";
import { deleteExpiredCheckInFiles, markNoShows } from "./check-ins";

/** How often the booking jobs look for due work. */
export const BOOKING_JOBS_EVERY_MS = 60_000;

/**
 * The booking's background work (issue 28): the reminder e-mail 24 hours before a booked start, the no-shows
 * (no check-in by the window's end: told by e-mail), and deleting check-in photos after their retention. Runs once
 * per period across the server processes (server/jobs/jobs.ts), with the mail worker.
 */
export const bookingPlugin = fp(
  async (app: FastifyInstance, opts: { run: boolean; intervalMs: number; now?: () => Date }) => {
    if (!opts.run) return;
    /** a job that queues e-mails: the mail worker is woken when it queued any */
    const mailing =
      (run: Job["run"]): Job["run"] =>
      async (db, now) => {
        const queued = await run(db, now);
        if (queued) app.mail.worker.kick();
        return queued;
      };
    const jobs: Job[] = [
      { name: "booking-reminders", everyMs: BOOKING_JOBS_EVERY_MS, run: mailing(sendDueReminders) },
      { name: "booking-no-shows", everyMs: BOOKING_JOBS_EVERY_MS, run: mailing(markNoShows) },
      { name: "check-in-retention", everyMs: 60 * 60_000, run: deleteExpiredCheckInFiles },
    ];
    runEvery(app, opts.intervalMs, () =>
      runDueJobs(app.db, jobs, opts.now?.() ?? new Date())
        .then((ran) => {
          for (const r of ran) if (r.count) app.log.info({ job: r.name, rows: r.count }, "periodic job ran");
        })
        .catch((err: unknown) => app.log.error({ err }, "booking jobs: the pass failed; the next tick tries again")),
    );
  },
  { name: "booking", dependencies: ["database", "mail"] },
);
