import { sql } from "drizzle-orm";
import { deleteExpiredLimits, reserve } from "../auth/limits";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";

/** A periodic job: `run` does one pass and returns how many rows it handled. */
export interface Job {
  name: string;
  everyMs: number;
  run(db: Db, now: Date): Promise<number>;
}

/** Deletes the sessions whose time is over (they already fail every check; this keeps the table small). */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${now.toISOString()}`)
    .returning({ id: sessions.id });
  return rows.length;
}

/** The site's periodic jobs. Mail and renewal notices have their own loops (server/plugins/mail.ts, renewals.ts). */
export const JOBS: Job[] = [
  { name: "expired-sessions", everyMs: 60 * 60_000, run: deleteExpiredSessions },
  { name: "expired-rate-limits", everyMs: 10 * 60_000, run: (db) => deleteExpiredLimits(db) },
];

/**
 * Runs every job whose turn has come, once across all the server processes on one database: a job's turn
 * is claimed in the rate_limits table (one claim per job per period, atomic on PGlite and PostgreSQL), so of
 * several processes ticking at once exactly one runs it. Returns what this process ran.
 */
export async function runDueJobs(db: Db, jobs: Job[] = JOBS, now = new Date()) {
  const ran: { name: string; count: number }[] = [];
  for (const job of jobs) {
    const turn = await reserve(db, `job:${job.name}`, { max: 1, windowMs: job.everyMs });
    if (!turn.allowed) continue;
    ran.push({ name: job.name, count: await job.run(db, now) });
  }
  return ran;
}
