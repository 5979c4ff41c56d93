import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";
import { composeMail, TemplateError } from "./compose";
import { templates, isTemplateName } from "./templates";
import { isPermanentSmtpError, type MailTransport } from "./transport";

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** how often to look for due messages (ms) */
  pollMs: number;
  /** messages claimed per round */
  batchSize?: number;
  /** after this many failed attempts a message is marked failed (and logged) */
  maxAttempts?: number;
  /** the wait before attempt n + 1 after n failures */
  backoffMs?: (failures: number) => number;
  /** how long a claimed message stays claimed: a worker that died mid-send leaves it for another after this */
  leaseMs?: number;
}

export const MAIL_DEFAULTS = {
  batchSize: 10,
  maxAttempts: 8,
  /** 30 s, 1 min, 2 min, … capped at 1 hour: about 2 hours from the first failure to the last attempt */
  backoffMs: (failures: number) => Math.min(30_000 * 2 ** (failures - 1), 3_600_000),
  leaseMs: 5 * 60_000,
};

export interface MailWorker {
  /** one round: claims the due messages and sends them; resolves to the number handled */
  runOnce(): Promise<number>;
  start(): void;
  /** stops polling and waits for the round in flight */
  stop(): Promise<void>;
  /** run a round soon (after a message was queued) */
  kick(): void;
}

const ms = (n: number) => sql`now() + ${Math.round(n)} * interval '1 millisecond'`;

/**
 * Sends the outbox. Each round claims due rows with SELECT … FOR UPDATE SKIP LOCKED in a short
 * transaction (status "sending", attempts + 1, a lease), then sends them outside any transaction and
 * records the outcome. Two workers on one PostgreSQL never claim the same row; a worker that dies
 * after claiming leaves the row to be claimed again when its lease ends (so a crash at the exact
 * moment of sending is the one case where a message can arrive twice).
 */
export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const batchSize = opts.batchSize ?? MAIL_DEFAULTS.batchSize;
  const maxAttempts = opts.maxAttempts ?? MAIL_DEFAULTS.maxAttempts;
  const backoffMs = opts.backoffMs ?? MAIL_DEFAULTS.backoffMs;
  const leaseMs = opts.leaseMs ?? MAIL_DEFAULTS.leaseMs;
  const { log } = opts;
  const db = () => opts.db; // read when used: the app's database may be decorated lazily
  const sentStatus = opts.transport.kind === "smtp" ? "sent" : "logged";

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim() {
    return db().transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(inArray(outbox.status, ["pending", "sending"]), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(outbox)
        .set({ status: "sending", attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: ms(leaseMs) })
        .where(
          inArray(
            outbox.id,
            due.map((r) => r.id),
          ),
        )
        .returning();
    });
  }

  /** true when the message was handed over */
  async function handle(row: typeof outbox.$inferSelect): Promise<boolean> {
    // only the claim this worker holds may be settled (not one a later worker took over)
    const mine = and(eq(outbox.id, row.id), eq(outbox.status, "sending"), eq(outbox.attempts, row.attempts));
    try {
      const mail = await composeMail({ to: row.recipient, template: row.template, data: row.data }, opts.publicUrl);
      await opts.transport.send(mail);
      const secrets = isTemplateName(row.template)
        ? (templates[row.template] as { secrets?: readonly string[] }).secrets
        : undefined;
      const data =
        secrets && opts.transport.kind === "smtp"
          ? { ...row.data, ...Object.fromEntries(secrets.map((k) => [k, "[sent]"])) }
          : row.data;
      await db().update(outbox).set({ status: sentStatus, sentAt: new Date(), lastError: null, data }).where(mine);
      return true;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const permanent = e instanceof TemplateError || isPermanentSmtpError(e);
      if (permanent || row.attempts >= maxAttempts) {
        await db()
          .update(outbox)
          .set({ status: "failed", lastError: message.slice(0, 1000) })
          .where(mine);
        log.error(
          { outboxId: row.id, template: row.template, attempts: row.attempts, err: message },
          `mail failed for good: message ${row.id} (${row.template}) after ${row.attempts} attempt(s): ${message}`,
        );
      } else {
        await db()
          .update(outbox)
          .set({ status: "pending", lastError: message.slice(0, 1000), nextAttemptAt: ms(backoffMs(row.attempts)) })
          .where(mine);
        log.warn(
          { outboxId: row.id, template: row.template, attempts: row.attempts, err: message },
          `mail not sent, will retry: message ${row.id} (${row.template}), attempt ${row.attempts}: ${message}`,
        );
      }
      return false;
    }
  }

  async function round(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claim();
      let failures = 0;
      for (const row of rows) if (!(await handle(row))) failures++;
      handled += rows.length;
      // on to the next batch while there is work and the transport works; after a failure, wait for the next poll
      if (!rows.length || failures || stopped) return handled;
    }
  }

  function runOnce(): Promise<number> {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      runOnce()
        .catch((e) => log.warn({ err: (e as Error).message }, "mail worker round failed; trying again later"))
        .finally(() => schedule(opts.pollMs));
    }, delay);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
    kick() {
      if (!stopped && !running) schedule(0);
    },
  };
}
