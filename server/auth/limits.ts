import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { HttpError } from "../errors";

/**
 * Rate limits kept in the database (table rate_limits), so that every server process on one
 * PostgreSQL shares them and parallel requests cannot slip past a check: an attempt is reserved with
 * one atomic `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` before the work it guards is done.
 * The same code runs on PGlite and PostgreSQL.
 *
 * USE THIS for every limit (login, sign-up, forms, password reset, resend, verification look-ups):
 *
 *   import { perClient, reserve, limitKey, tooManyRequests } from "../auth/limits";
 *   // a whole route, per client address (an onRequest hook):
 *   r.route({ ...fromContract(endpoint), onRequest: perClient("password-forgot", { max: 5, windowMs: 15 * 60_000 }), ... })
 *   // or by hand, on any subject:
 *   const r = await reserve(app.db, limitKey("resend", email), { max: 3, windowMs: 3600_000 });
 *   if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
 *
 * Expired rows are removed by deleteExpiredLimits(db) (the periodic job runner calls it).
 */

export interface Limit {
  /** attempts allowed in one window */
  max: number;
  /** the window's length, counted from the first attempt */
  windowMs: number;
}

export interface Reservation {
  /** true when this attempt is within the limit (and was counted) */
  allowed: boolean;
  /** seconds until the window ends and the key may try again (at least 1 when refused, 0 when allowed) */
  retryAfterSeconds: number;
  /** attempts counted in the current window, this one included */
  count: number;
}

/** The stored key for a scope and a subject: the subject (an e-mail, an address) is hashed, never stored. */
export function limitKey(scope: string, subject: string): string {
  return `${scope}:${createHash("sha256").update(subject).digest("base64url")}`;
}

/**
 * Counts one attempt for `key` and says whether it is allowed. Atomic: of N parallel calls on one key
 * at most `max` are allowed, on one process or many.
 */
export async function reserve(db: Db, key: string, limit: Limit): Promise<Reservation> {
  const seconds = Math.max(1, Math.ceil(limit.windowMs / 1000));
  const result = await db.execute(sql`
    insert into ${rateLimits} as r (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else least(r.count + 1, 2000000000) end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as wait`);
  const row = (result as unknown as { rows: { count: number | string; wait: number | string }[] }).rows[0]!;
  const count = Number(row.count);
  const allowed = count <= limit.max;
  return { allowed, retryAfterSeconds: allowed ? 0 : Number(row.wait), count };
}

/** Gives back one attempt of the current window (a login that succeeded is not a failure). */
export async function release(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`update ${rateLimits} set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`,
  );
}

/** Forgets every attempt of `key`. */
export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where key = ${key}`);
}

/** Removes the counters whose window has ended; returns how many. For the periodic job. */
export async function deleteExpiredLimits(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.resetAt} <= now()`)
    .returning({ key: rateLimits.key });
  return rows.length;
}

/** "15 minutes", "1 minute", "30 seconds": for messages that say how long to wait. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The 429 answer, with Retry-After and the wait in words. */
export function tooManyRequests(
  retryAfterSeconds: number,
  message = `Too many attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
  code = "too_many_requests",
): HttpError {
  return new HttpError(429, code, message, undefined, { "retry-after": String(retryAfterSeconds) });
}

/**
 * An onRequest hook that limits a route per client address (request.ip, which honours TRUST_PROXY).
 * `scope` names the limit (one counter per scope and address).
 */
export function perClient(scope: string, limit: Limit) {
  return async function limitPerClient(request: FastifyRequest) {
    const r = await reserve(request.server.db, limitKey(scope, request.ip), limit);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
  };
}
