/**
 * Online proctoring (issue 28.4-6): the live sessions a proctor watches, the proctor's actions on a
 * sitting's clock (pause, resume, add time), messages and incident reports, ending an exam with a reason,
 * the exam page's heartbeat and camera frames, and the rules that protect a candidate whose page goes
 * silent: the clock pauses from the last sign of life, resumes with the same time left when the page comes
 * back, and a candidate who cannot return within the window gets an indeterminate result and a free retake.
 * Every action is audited; every ended exam is e-mailed with the reason and the appeal route.
 */
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, max } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import { DISCONNECT_SECONDS, FRAME_MIN_INTERVAL_SECONDS, RETURN_WINDOW_MINUTES } from "../../app/data/proctoring";
import type { ConnectionState, EndOutcome, LiveSession } from "../../app/schemas/proctoring";
import { PROCTOR_MESSAGES } from "../../app/schemas/proctoring";
import type { Db } from "../db/client";
import {
  examRegistrations,
  examSittingAnswers,
  examSittings,
  proctorEvents,
  uploads,
  users,
  type Pause,
} from "../db/schema";
import { HttpError } from "../errors";
import { audit, candidateActor, SYSTEM, type Actor } from "../audit/audit";
import { recordResult } from "../results/results";
import { appealWindowEnds, isoDay } from "../credentials/state";
import { enqueueMailTo } from "../mail/outbox";
import { deadlineOf } from "../exams/clock";
import {
  checkHolder,
  clockFacts,
  currentSitting,
  sittingClock,
  type CloseContext,
  type Sitting,
} from "../exams/sittings";

const DISCONNECT_MS = DISCONNECT_SECONDS * 1000;
const RETURN_WINDOW_MS = RETURN_WINDOW_MINUTES * 60_000;

const notFound = () => new HttpError(404, "not_found", "There is no exam sitting with this id.");
const notOpen = () => new HttpError(409, "attempt_closed", PROCTOR_MESSAGES.notOpen);

const openPause = (s: Pick<Sitting, "pauses">): Pause | undefined => s.pauses.find((p) => p.to === null);

/** The connection as the proctor sees it: no heartbeat yet, alive, or silent past DISCONNECT_SECONDS. */
export function connectionOf(s: Pick<Sitting, "lastSeenAt" | "pauses">, now: Date): ConnectionState {
  if (!s.lastSeenAt) return "waiting";
  if (openPause(s)?.by === "disconnect") return "disconnected";
  return now.getTime() - s.lastSeenAt.getTime() > DISCONNECT_MS ? "disconnected" : "connected";
}

/** Writes a sitting's new pauses and added minutes with the deadline derived from them. */
async function writeClock(db: Db, s: Sitting, change: { pauses?: Pause[]; addedMinutes?: number }) {
  const next = { ...s, ...change };
  const [updated] = await db
    .update(examSittings)
    .set({ pauses: next.pauses, addedMinutes: next.addedMinutes, deadlineAt: deadlineOf(clockFacts(next)) })
    .where(eq(examSittings.id, s.id))
    .returning();
  return updated!;
}

/**
 * The heartbeat rule, applied when a sitting is read (and by the periodic job): a page silent for
 * DISCONNECT_SECONDS pauses the clock from its last sign of life (never before the end of an earlier pause),
 * so the silence costs the candidate no time. Only sittings whose page has sent a heartbeat are watched.
 */
export async function applyDisconnectRule(db: Db, s: Sitting, now: Date): Promise<Sitting> {
  if (s.status !== "open" || !s.lastSeenAt || openPause(s)) return s;
  if (now.getTime() - s.lastSeenAt.getTime() <= DISCONNECT_MS) return s;
  const lastEnd = Math.max(0, ...s.pauses.map((p) => Date.parse(p.to!)));
  const from = new Date(Math.max(s.lastSeenAt.getTime(), lastEnd));
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(examSittings).where(eq(examSittings.id, s.id)).for("update");
    if (!row || row.status !== "open" || openPause(row) || row.lastSeenAt?.getTime() !== s.lastSeenAt!.getTime())
      return row ?? s;
    const updated = await writeClock(tx, row, {
      pauses: [...row.pauses, { from: from.toISOString(), to: null, by: "disconnect" }],
    });
    await audit(tx, SYSTEM, {
      action: "sitting.disconnect",
      entity: "exam_sitting",
      entityId: s.id,
      after: { lastSeenAt: s.lastSeenAt!.toISOString(), pausedFrom: from.toISOString() },
      reason: `The exam page sent no heartbeat for ${DISCONNECT_SECONDS} seconds; the clock was paused from its last one.`,
    });
    return updated;
  });
}

/** A sitting for proctoring: the row, closed first when overdue, with the heartbeat rule applied. */
async function proctoredSitting(db: Db, id: number, ctx: CloseContext): Promise<Sitting> {
  const now = ctx.now ?? new Date();
  const [row] = await db.select().from(examSittings).where(eq(examSittings.id, id));
  if (!row) throw notFound();
  const s = await applyDisconnectRule(db, row, now);
  return s.userId ? currentSitting(db, s.id, s.userId, ctx) : s;
}

// ─── the live view ──────────────────────────────────────────────────────────────────────────────

const examTitleOf = (certId: number) => certificationById(certId)?.title ?? `Exam ${certId}`;

async function liveViews(db: Db, rows: Sitting[], now: Date): Promise<LiveSession[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [people, answered, frames, incidents] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.userId ?? 0),
        ),
      ),
    db
      .select({ sittingId: examSittingAnswers.sittingId, n: count() })
      .from(examSittingAnswers)
      .where(and(inArray(examSittingAnswers.sittingId, ids), isNotNull(examSittingAnswers.choice)))
      .groupBy(examSittingAnswers.sittingId),
    db
      .select({ sittingId: proctorEvents.sittingId, n: count(), latest: max(proctorEvents.id) })
      .from(proctorEvents)
      .where(and(inArray(proctorEvents.sittingId, ids), eq(proctorEvents.kind, "frame")))
      .groupBy(proctorEvents.sittingId),
    db
      .select({ sittingId: proctorEvents.sittingId, n: count() })
      .from(proctorEvents)
      .where(and(inArray(proctorEvents.sittingId, ids), eq(proctorEvents.kind, "incident")))
      .groupBy(proctorEvents.sittingId),
  ]);
  const latestIds = frames.map((f) => f.latest).filter((x): x is number => x !== null);
  const latest = latestIds.length
    ? await db
        .select({ id: proctorEvents.id, createdAt: proctorEvents.createdAt })
        .from(proctorEvents)
        .where(inArray(proctorEvents.id, latestIds))
    : [];
  return rows.map((s) => {
    const u = people.find((p) => p.id === s.userId);
    const f = frames.find((x) => x.sittingId === s.id);
    const lf = latest.find((x) => x.id === f?.latest);
    return {
      id: s.id,
      candidateName: u ? `${u.firstName} ${u.lastName}` : "",
      examTitle: examTitleOf(s.certId),
      startedAt: s.startedAt.toISOString(),
      lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
      connection: connectionOf(s, now),
      position: s.lastPosition,
      itemCount: s.form.length,
      answered: answered.find((a) => a.sittingId === s.id)?.n ?? 0,
      clock: sittingClock(s, s.status === "open" ? now : (s.endedAt ?? now)),
      pausedBy: openPause(s)?.by ?? (openPause(s) ? "proctor" : null),
      latestFrame: lf ? { id: lf.id, takenAt: lf.createdAt.toISOString() } : null,
      frames: f?.n ?? 0,
      incidents: incidents.find((x) => x.sittingId === s.id)?.n ?? 0,
    };
  });
}

/** Every open sitting, oldest first, with the heartbeat rule applied and overdue ones closed. */
export async function liveSessions(db: Db, ctx: CloseContext): Promise<LiveSession[]> {
  const now = ctx.now ?? new Date();
  const open = await db
    .select({ id: examSittings.id })
    .from(examSittings)
    .where(eq(examSittings.status, "open"))
    .orderBy(asc(examSittings.startedAt), asc(examSittings.id))
    .limit(200);
  const rows: Sitting[] = [];
  for (const { id } of open) {
    const s = await proctoredSitting(db, id, ctx);
    if (s.status === "open") rows.push(s);
  }
  return liveViews(db, rows, now);
}

/** One session with its messages, incidents and frames, open or ended (for the live view and an appeal). */
export async function proctorSession(db: Db, id: number, ctx: CloseContext) {
  const now = ctx.now ?? new Date();
  const s = await proctoredSitting(db, id, ctx);
  const [view] = await liveViews(db, [s], now);
  const events = await db
    .select({ e: proctorEvents, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(proctorEvents)
    .leftJoin(users, eq(users.id, proctorEvents.actorId))
    .where(eq(proctorEvents.sittingId, s.id))
    .orderBy(desc(proctorEvents.id))
    .limit(500);
  return {
    ...view!,
    status: s.status,
    endOutcome: s.endOutcome,
    endReason: s.endReason,
    events: events.map(({ e, firstName, lastName }) => ({
      id: e.id,
      kind: e.kind as "message" | "incident" | "frame",
      text: e.text,
      by: e.kind === "frame" ? null : firstName ? `${firstName} ${lastName}` : "System",
      at: e.createdAt.toISOString(),
    })),
  };
}

// ─── the proctor's actions ──────────────────────────────────────────────────────────────────────

/**
 * Runs `change` on a sitting that is open (as proctoring reads it: closed first when overdue), in a transaction
 * with its row locked; 409 when it is not open, or ended in the meantime.
 */
async function whileOpen<T>(db: Db, id: number, ctx: CloseContext, change: (tx: Db, s: Sitting) => Promise<T>) {
  const current = await proctoredSitting(db, id, ctx);
  if (current.status !== "open") throw notOpen();
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(examSittings).where(eq(examSittings.id, id)).for("update");
    if (!s || s.status !== "open") throw notOpen();
    return change(tx, s);
  });
}

/** Runs a proctor's change on an open sitting, its row locked, and answers the session as the live view shows it. */
async function onOpenSitting(
  db: Db,
  id: number,
  ctx: CloseContext,
  change: (tx: Db, s: Sitting, now: Date) => Promise<Sitting>,
): Promise<LiveSession> {
  const now = ctx.now ?? new Date();
  const updated = await whileOpen(db, id, ctx, (tx, s) => change(tx, s, now));
  const [view] = await liveViews(db, [updated], now);
  return view!;
}

const clockAudit = (s: Sitting, now: Date) => {
  const c = sittingClock(s, now);
  return { remainingMs: c.remainingMs, deadline: c.deadline, addedMinutes: s.addedMinutes };
};

/**
 * Writes a proctor's change to the clock and audits it as `entry.action`, with the clock before and after
 * (`entry.after`: what else to record after it) and the proctor's `reason`.
 */
async function changeClock(
  tx: Db,
  s: Sitting,
  now: Date,
  change: { pauses?: Pause[]; addedMinutes?: number },
  entry: { actor: Actor; action: string; after?: Record<string, unknown>; reason?: string | null },
): Promise<Sitting> {
  const updated = await writeClock(tx, s, change);
  await audit(tx, entry.actor, {
    action: entry.action,
    entity: "exam_sitting",
    entityId: s.id,
    before: clockAudit(s, now),
    after: { ...clockAudit(updated, now), ...entry.after },
    reason: entry.reason,
  });
  return updated;
}

/** Pause: the clock stops (a disconnection's pause becomes the proctor's: the page coming back does not end it). */
export function pauseSession(db: Db, id: number, actor: Actor, ctx: CloseContext, note?: string) {
  return onOpenSitting(db, id, ctx, async (tx, s, now) => {
    const open = openPause(s);
    if (open?.by === "proctor" || (open && !open.by))
      throw new HttpError(409, "already_paused", PROCTOR_MESSAGES.alreadyPaused);
    const pauses = open
      ? s.pauses.map((p) => (p === open ? { ...p, by: "proctor" as const } : p))
      : [...s.pauses, { from: now.toISOString(), to: null, by: "proctor" as const }];
    return changeClock(tx, s, now, { pauses }, { actor, action: "sitting.pause", reason: note?.trim() || null });
  });
}

/** Resume: the open pause closes now; the clock runs with the time that was left. */
export function resumeSession(db: Db, id: number, actor: Actor, ctx: CloseContext) {
  return onOpenSitting(db, id, ctx, async (tx, s, now) => {
    const open = openPause(s);
    if (!open) throw new HttpError(409, "not_paused", PROCTOR_MESSAGES.notPaused);
    const pauses = s.pauses.map((p) => (p === open ? { ...p, to: now.toISOString() } : p));
    return changeClock(tx, s, now, { pauses }, { actor, action: "sitting.resume" });
  });
}

/** Adds minutes to the clock, with the reason. */
export function addTime(
  db: Db,
  id: number,
  input: { minutes: number; reason: string },
  actor: Actor,
  ctx: CloseContext,
) {
  return onOpenSitting(db, id, ctx, (tx, s, now) =>
    changeClock(
      tx,
      s,
      now,
      { addedMinutes: s.addedMinutes + input.minutes },
      { actor, action: "sitting.add_time", after: { minutes: input.minutes }, reason: input.reason },
    ),
  );
}

/** A message to the candidate (shown on the exam page at its next heartbeat) or an incident report. */
export function recordEvent(
  db: Db,
  id: number,
  input: { kind: "message" | "incident"; text: string },
  actor: Actor,
  ctx: CloseContext,
) {
  return onOpenSitting(db, id, ctx, async (tx, s, now) => {
    const [e] = await tx
      .insert(proctorEvents)
      .values({ sittingId: s.id, kind: input.kind, actorId: actor.id, text: input.text, createdAt: now })
      .returning();
    await audit(tx, actor, {
      action: input.kind === "message" ? "sitting.message" : "sitting.incident",
      entity: "exam_sitting",
      entityId: s.id,
      after: { eventId: e!.id, text: input.text },
    });
    return s;
  });
}

/**
 * Ends an open sitting now, without a score, with the reason the candidate reads:
 * - indeterminate (a proctor) and no_return (the return window, the system): an indeterminate result and a
 *   free retake voucher, as the scoring policy says;
 * - violation (a proctor): a suspected violation; no result is recorded, the sitting's answers, frames and
 *   incidents stay for the investigation, and the decision can be appealed within 72 hours (notice by e-mail,
 *   the appeal at /account/requests).
 * The open pause, if any, closes at the end. Audited; the candidate is e-mailed with the appeal route.
 */
export async function endSession(
  db: Db,
  id: number,
  input: { outcome: EndOutcome; reason: string },
  actor: Actor,
  ctx: CloseContext,
): Promise<{ id: number; outcome: EndOutcome; freeRetakeVoucher: string | null }> {
  const now = ctx.now ?? new Date();
  const out = await whileOpen(db, id, ctx, async (tx, s) => {
    const [reg] = await tx.select().from(examRegistrations).where(eq(examRegistrations.id, s.registrationId));
    let freeRetakeVoucher: string | null = null;
    let attemptId: number | null = null;
    if (input.outcome !== "violation") {
      const recorded = await recordResult(tx, {
        voucherCode: reg!.voucherCode,
        takenOn: isoDay(s.startedAt),
        indeterminate: true,
        mail: false,
        actor,
        publicUrl: ctx.publicUrl,
        now,
      });
      freeRetakeVoucher = recorded.freeRetake?.voucherCode ?? null;
      attemptId = recorded.attempt.id;
    }
    const pauses = s.pauses.map((p) => (p.to === null ? { ...p, to: now.toISOString() } : p));
    await tx
      .update(examSittings)
      .set({
        status: "ended",
        endedAt: now,
        endedBy: actor.id === null ? "system" : "proctor",
        endOutcome: input.outcome,
        endReason: input.reason,
        pauses,
        attemptId,
      })
      .where(eq(examSittings.id, s.id));
    await audit(tx, actor, {
      action: "sitting.end",
      entity: "exam_sitting",
      entityId: s.id,
      fromState: "open",
      toState: "ended",
      after: { outcome: input.outcome, attemptId, freeRetakeVoucher },
      reason: input.reason,
    });
    const [holder] = s.userId ? await tx.select().from(users).where(eq(users.id, s.userId)) : [];
    if (holder)
      await enqueueMailTo(tx, holder, "exam-ended", {
        examTitle: examTitleOf(s.certId),
        outcome: input.outcome,
        reason: input.reason,
        endedAt: now.toISOString(),
        appealBy: appealWindowEnds(now).toISOString(),
        ...(freeRetakeVoucher ? { freeRetakeVoucher } : {}),
      });
    return { id: s.id, outcome: input.outcome, freeRetakeVoucher };
  });
  ctx.onRecorded?.();
  return out;
}

export const NO_RETURN_REASON = `The connection to your exam was lost and the exam page did not come back within ${RETURN_WINDOW_MINUTES} minutes. A lost connection is never counted as a fail: your score is indeterminate and you get a free retake.`;

/**
 * The periodic job: pauses the clock of every silent session (the heartbeat rule), and ends as
 * indeterminate, with a free retake by e-mail, every session disconnected for longer than the return
 * window. Returns how many sittings it changed.
 */
export async function watchSessions(db: Db, now: Date, ctx: Omit<CloseContext, "now">): Promise<number> {
  const silent = await db
    .select()
    .from(examSittings)
    .where(
      and(
        eq(examSittings.status, "open"),
        isNotNull(examSittings.lastSeenAt),
        lt(examSittings.lastSeenAt, new Date(now.getTime() - DISCONNECT_MS)),
      ),
    )
    .limit(200);
  let n = 0;
  for (const row of silent) {
    const s = await applyDisconnectRule(db, row, now);
    if (s !== row) n++;
    const open = openPause(s);
    if (open?.by === "disconnect" && now.getTime() - Date.parse(open.from) > RETURN_WINDOW_MS) {
      await endSession(db, s.id, { outcome: "no_return", reason: NO_RETURN_REASON }, SYSTEM, { ...ctx, now });
      n++;
    }
  }
  return n;
}

// ─── the exam page ──────────────────────────────────────────────────────────────────────────────

/** Who sends from the exam page: the sitting of its path, the signed-in candidate, and the page's holder id. */
type ExamPageInput = { id: number; userId: number; holderId: string };

/**
 * The sitting the exam page sends for, as it stands now (closed first when its time is over); while it is
 * open, only the page holding it acts on it (409 for a page it moved away from).
 */
async function pageSitting(db: Db, input: ExamPageInput, ctx: CloseContext): Promise<Sitting> {
  const s = await currentSitting(db, input.id, input.userId, ctx);
  if (s.status === "open") checkHolder(s, input.holderId);
  return s;
}

/**
 * The exam page's heartbeat: the sitting is alive now. A disconnection's pause closes here (the clock runs
 * on with the time that was left at the last sign of life); a proctor's pause stays. Answers the clock, the
 * status, and the proctor's messages after `afterMessageId`.
 */
export async function heartbeat(db: Db, input: ExamPageInput & { afterMessageId: number }, ctx: CloseContext) {
  const now = ctx.now ?? new Date();
  const s = await pageSitting(db, input, ctx);
  if (s.status !== "open") return { status: s.status, clock: sittingClock(s, s.endedAt ?? now), messages: [] };
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(examSittings).where(eq(examSittings.id, s.id)).for("update");
    if (!row || row.status !== "open") return row!;
    const open = openPause(row);
    // a page that comes back within the disconnection window: still connected, nothing to resume
    if (open?.by === "disconnect") {
      const resumed = await writeClock(tx, row, {
        pauses: row.pauses.map((p) => (p === open ? { ...p, to: now.toISOString() } : p)),
      });
      await audit(tx, candidateActor(input.userId), {
        action: "sitting.reconnect",
        entity: "exam_sitting",
        entityId: row.id,
        after: {
          pausedFrom: open.from,
          resumedAt: now.toISOString(),
          remainingMs: sittingClock(resumed, now).remainingMs,
        },
      });
    }
    const [seen] = await tx
      .update(examSittings)
      .set({ lastSeenAt: now })
      .where(eq(examSittings.id, row.id))
      .returning();
    return seen!;
  });
  const messages = await db
    .select({ id: proctorEvents.id, text: proctorEvents.text, createdAt: proctorEvents.createdAt })
    .from(proctorEvents)
    .where(
      and(
        eq(proctorEvents.sittingId, s.id),
        eq(proctorEvents.kind, "message"),
        gt(proctorEvents.id, input.afterMessageId),
      ),
    )
    .orderBy(asc(proctorEvents.id));
  return {
    status: updated.status,
    clock: sittingClock(updated, now),
    messages: messages.map((m) => ({ id: m.id, text: m.text ?? "", sentAt: m.createdAt.toISOString() })),
  };
}

/**
 * A camera frame from the exam page: a JPEG kept as a private upload of the candidate, with the sitting; at
 * most one per FRAME_MIN_INTERVAL_SECONDS (429 frame_too_soon with Retry-After).
 */
export async function storeFrame(db: Db, input: ExamPageInput & { image: string }, ctx: CloseContext) {
  const now = ctx.now ?? new Date();
  const s = await pageSitting(db, input, ctx);
  if (s.status !== "open") throw notOpen();
  const bytes = Buffer.from(input.image.slice(input.image.indexOf(",") + 1), "base64");
  if (!(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff))
    throw new HttpError(400, "validation_failed", PROCTOR_MESSAGES.frame, { image: PROCTOR_MESSAGES.frame });
  return db.transaction(async (tx) => {
    // one frame per sitting per FRAME_MIN_INTERVAL_SECONDS: the sitting's row is locked, so parallel uploads queue
    await tx.select({ id: examSittings.id }).from(examSittings).where(eq(examSittings.id, s.id)).for("update");
    const [last] = await tx
      .select({ at: proctorEvents.createdAt })
      .from(proctorEvents)
      .where(and(eq(proctorEvents.sittingId, s.id), eq(proctorEvents.kind, "frame")))
      .orderBy(desc(proctorEvents.createdAt))
      .limit(1);
    const waitMs = last ? last.at.getTime() + FRAME_MIN_INTERVAL_SECONDS * 1000 - now.getTime() : 0;
    if (waitMs > 0)
      throw new HttpError(429, "frame_too_soon", PROCTOR_MESSAGES.frameTooSoon, undefined, {
        "retry-after": String(Math.ceil(waitMs / 1000)),
      });
    const [file] = await tx
      .insert(uploads)
      .values({
        ownerId: input.userId,
        purpose: "exam_frame",
        fileName: `frame-${s.id}-${now.getTime()}.jpg`,
        contentType: "image/jpeg",
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        data: bytes,
      })
      .returning({ id: uploads.id });
    const [e] = await tx
      .insert(proctorEvents)
      .values({ sittingId: s.id, kind: "frame", actorId: input.userId, uploadId: file!.id, createdAt: now })
      .returning();
    return { id: e!.id, takenAt: now.toISOString() };
  });
}

/** A frame's bytes for a proctor (the frame event's id). */
export async function frameBytes(db: Db, eventId: number): Promise<Buffer> {
  const [row] = await db
    .select({ data: uploads.data })
    .from(proctorEvents)
    .innerJoin(uploads, eq(uploads.id, proctorEvents.uploadId))
    .where(and(eq(proctorEvents.id, eventId), eq(proctorEvents.kind, "frame")));
  if (!row) throw new HttpError(404, "not_found", "There is no such camera frame.");
  return Buffer.from(row.data);
}
