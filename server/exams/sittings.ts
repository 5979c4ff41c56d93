/**
 * The exam engine's service (issue 27): starting a sitting from a voucher, its clock, serving one item at a
 * time, ordered and idempotent saves, one holder at a time, closing and scoring (on submit, at the deadline
 * by the periodic job, or on the first request after it) and the stored score report. The routes
 * (server/exams/routes.ts) only translate HTTP; every rule is here or in the pure modules beside it.
 */
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { certificationById, EXAM_MINUTES } from "../../app/data/exams";
import { PRETEST_ITEMS, SAVE_GRACE_SECONDS, TESTING_AGREEMENT_VERSION } from "../../app/data/exam-delivery";
import { eslExtension } from "../../app/data/testing-countries";
import { APPEAL_HOURS } from "../../app/data/program-rules";
import {
  EXAM_MESSAGES,
  type CandidateItem,
  type PositionState,
  type SaveInput,
  type ScoreReport,
  type SittingState,
  type SittingSummary,
} from "../../app/schemas/exam";
import type { Db } from "../db/client";
import {
  examAttempts,
  examBookings,
  examItems,
  examRegistrations,
  examSittingAnswers,
  examSittings,
  users,
  type FormPosition,
} from "../db/schema";
import { HttpError } from "../errors";
import { checkInApproved } from "../booking/check-ins";
import { APPEAL_ROUTE } from "../../app/data/proctoring";
import { poolColumns } from "../items/rows";
import { audit, candidateActor, SYSTEM, type Actor } from "../audit/audit";
import { purchaseEligibilityFor } from "../registrations/registrations";
import { passingScore, recordResult } from "../results/results";
import { appealWindowEnds, isoDay, purchaseEligibility, type AttemptFacts } from "../credentials/state";
import { formPlan, isDelivered } from "./blueprint";
import { clockView, deadlineOf, isOverdue, type ClockFacts } from "./clock";
import { countExposure, exposureOf } from "../items/exposure";
import { assembleForm, ShortBankError, type PoolItem } from "./form";
import { newSeed } from "./prng";
import { scoreForm } from "./scoring";

export type Sitting = typeof examSittings.$inferSelect;
type AnswerRow = typeof examSittingAnswers.$inferSelect;

const GRACE_MS = SAVE_GRACE_SECONDS * 1000;
/** where a candidate appeals a certification decision (app/data/proctoring.ts) */
export { APPEAL_ROUTE };

const notFound = () => new HttpError(404, "not_found", "There is no such exam on your account.");
const closedError = () => new HttpError(409, "attempt_closed", EXAM_MESSAGES.closed);
/** A sitting a proctor (or the return window) ended has no score report: the reason instead (issue 28). */
const endedError = (s: Sitting) =>
  new HttpError(
    409,
    "attempt_ended",
    `This exam was ended without a score. Reason: ${s.endReason ?? "not given"} We sent you an e-mail with the reason and how to appeal (from your account, Requests).`,
  );

export const clockFacts = (s: Sitting): ClockFacts => ({
  startedAt: s.startedAt,
  baseMinutes: s.baseMinutes,
  eslMinutes: s.eslMinutes,
  accommodationMinutes: s.accommodationMinutes,
  addedMinutes: s.addedMinutes,
  pauses: s.pauses,
});

/** The clock of a sitting as the browser gets it. */
export const sittingClock = (s: Sitting, now: Date) => clockView(clockFacts(s), now);

/** Past the deadline and the save grace: the sitting is closed (and scored) before anything else. */
export const pastGrace = (s: Sitting, now: Date) => isOverdue(clockFacts(s), new Date(now.getTime() - GRACE_MS));

const examTitleOf = (certId: number) => certificationById(certId)?.title ?? `Exam ${certId}`;

// ─── starting and declining ─────────────────────────────────────────────────────────────────────

export interface StartInput {
  userId: number;
  registrationId: number;
  country: string;
  province?: string;
  holderId: string;
  now?: Date;
  /**
   * Whether the voucher needs an approved check-in (issue 28.3): always for a candidate's request. Only
   * code that seeds sittings without a browser (the statistics cohort, the exam benchmark) says false.
   */
  requireCheckIn?: boolean;
}

async function ownRegistration(db: Db, userId: number, registrationId: number, lock = false) {
  const q = db
    .select()
    .from(examRegistrations)
    .where(and(eq(examRegistrations.id, registrationId), eq(examRegistrations.userId, userId)));
  const [reg] = lock ? await q.for("update") : await q;
  if (!reg) throw new HttpError(404, "not_found", "There is no such exam registration on your account.");
  return reg;
}

function voucherNotOpen(state: string): HttpError {
  if (state === "started") return new HttpError(409, "sitting_exists", EXAM_MESSAGES.sittingExists);
  const message =
    state === "used"
      ? "This voucher has already been used for an exam."
      : state === "forfeited"
        ? "The candidate agreement was declined for this voucher, so its exam fee was forfeited."
        : "This purchase was cancelled and refunded; its voucher cannot start an exam.";
  return new HttpError(409, "voucher_not_open", message);
}

/** The refusals before a sitting: an exam the engine does not deliver, and the purchase eligibility rules. */
async function checkCanStart(db: Db, userId: number, certId: number, now: Date) {
  if (!isDelivered(certificationById(certId))) throw new HttpError(409, "not_delivered", EXAM_MESSAGES.notDelivered);
  // the rules the purchase checks (passed bar, retest waits, an open accommodation request), reused; the
  // voucher being used is not "another unused voucher"
  const eligibility = await purchaseEligibilityFor(db, userId, certId, now, { countUnusedVouchers: false });
  if (!eligibility.allowed) {
    const message =
      eligibility.code === "retake_wait" && eligibility.availableOn
        ? `${eligibility.message.replace(/ You can buy this exam again from [\d-]+\.$/, "")} You can start this exam from ${eligibility.availableOn}.`
        : eligibility.message;
    throw new HttpError(409, eligibility.code, message);
  }
}

/**
 * Starts the exam of a paid voucher: the agreement accepted (its version and the time stored), the testing
 * place, the name confirmation; the form drawn from a new seed; the clock (base + ESL + the voucher's
 * accommodation minutes). The voucher, and its booking when it has one, become "started" in the same transaction.
 */
export async function startSitting(db: Db, input: StartInput): Promise<Sitting> {
  const now = input.now ?? new Date();
  const pre = await ownRegistration(db, input.userId, input.registrationId);
  if (pre.state !== "paid") throw voucherNotOpen(pre.state);
  if (input.requireCheckIn !== false && !(await checkInApproved(db, input.userId, input.registrationId)))
    throw new HttpError(409, "check_in_required", EXAM_MESSAGES.checkInRequired);
  await checkCanStart(db, input.userId, pre.certId, now);
  const exam = certificationById(pre.certId)!;
  const rows = await db
    .select(poolColumns)
    .from(examItems)
    .where(and(eq(examItems.certId, pre.certId), eq(examItems.state, "approved")));
  const poolItem = (p: (typeof rows)[number]): PoolItem => ({
    itemId: p.itemId,
    version: p.version,
    domain: p.domain,
    optionCount: p.options.length,
  });
  const pool = rows.filter((p) => !p.pretest).map(poolItem);
  const pretestPool = rows.filter((p) => p.pretest).map(poolItem);
  const plan = formPlan(exam.details!.weights, exam.details!.items, PRETEST_ITEMS, pretestPool.length);
  const seed = newSeed();
  let form: FormPosition[];
  try {
    form = assembleForm(seed, plan, pool, pretestPool, await exposureOf(db, pre.certId));
  } catch (e) {
    if (!(e instanceof ShortBankError)) throw e;
    throw new HttpError(
      503,
      "bank_incomplete",
      "This exam cannot be started right now: its question bank is being updated. Please try again later or contact support.",
    );
  }
  const esl = eslExtension(input.country, input.province);
  return db.transaction(async (tx) => {
    const reg = await ownRegistration(tx, input.userId, input.registrationId, true);
    if (reg.state !== "paid") throw voucherNotOpen(reg.state);
    const facts: ClockFacts = {
      startedAt: now,
      baseMinutes: EXAM_MINUTES,
      eslMinutes: esl.minutes,
      accommodationMinutes: reg.extraMinutes,
      addedMinutes: 0,
      pauses: [],
    };
    const [sitting] = await tx
      .insert(examSittings)
      .values({
        registrationId: reg.id,
        userId: input.userId,
        certId: reg.certId,
        seed,
        form,
        status: "open",
        ...facts,
        pauses: [],
        deadlineAt: deadlineOf(facts),
        holderId: input.holderId,
        agreementVersion: TESTING_AGREEMENT_VERSION,
        agreementAcceptedAt: now,
        nameConfirmedAt: now,
        country: input.country,
        province: input.country === "CA" ? (input.province ?? null) : null,
        eslNote: esl.note,
      })
      .returning();
    await tx.update(examRegistrations).set({ state: "started" }).where(eq(examRegistrations.id, reg.id));
    // its booked time was used: the booking is no longer one to cancel, move, remind of or mark a no-show
    const [booking] = await tx
      .update(examBookings)
      .set({ status: "started", updatedAt: now })
      .where(and(eq(examBookings.registrationId, reg.id), eq(examBookings.status, "booked")))
      .returning({ id: examBookings.id });
    // the form's items were shown once more (issue 30.5): the next start reads the counter
    await countExposure(tx, reg.certId, form);
    const actor = candidateActor(input.userId);
    await audit(tx, actor, {
      action: "registration.start",
      entity: "exam_registration",
      entityId: reg.id,
      fromState: "paid",
      toState: "started",
      after: {
        sittingId: sitting!.id,
        bookingId: booking?.id ?? null,
        agreementVersion: TESTING_AGREEMENT_VERSION,
        agreementAcceptedAt: now.toISOString(),
        country: input.country,
        province: input.province ?? null,
        minutes: { base: EXAM_MINUTES, esl: esl.minutes, accommodation: reg.extraMinutes },
      },
    });
    return sitting!;
  });
}

/** The agreement declined: recorded (with the agreement's version) and the voucher forfeited, as the agreement says. */
export async function declineAgreement(db: Db, input: { userId: number; registrationId: number; now?: Date }) {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const reg = await ownRegistration(tx, input.userId, input.registrationId, true);
    if (reg.state !== "paid") throw voucherNotOpen(reg.state);
    await tx.update(examRegistrations).set({ state: "forfeited" }).where(eq(examRegistrations.id, reg.id));
    await audit(tx, candidateActor(input.userId), {
      action: "registration.decline_agreement",
      entity: "exam_registration",
      entityId: reg.id,
      fromState: "paid",
      toState: "forfeited",
      after: { agreementVersion: TESTING_AGREEMENT_VERSION, declinedAt: now.toISOString() },
      reason: "The candidate declined the candidate agreement; the exam fee is forfeited.",
    });
  });
  return { message: EXAM_MESSAGES.declined };
}

// ─── reading a sitting ──────────────────────────────────────────────────────────────────────────

async function sittingRow(db: Db, id: number, userId: number): Promise<Sitting> {
  const [s] = await db
    .select()
    .from(examSittings)
    .where(and(eq(examSittings.id, id), eq(examSittings.userId, userId)));
  if (!s) throw notFound();
  return s;
}

export function checkHolder(s: Sitting, holderId: string) {
  if (s.holderId === holderId) return;
  if (s.formerHolders.includes(holderId)) throw new HttpError(409, "taken_over", EXAM_MESSAGES.takenOver);
  throw new HttpError(409, "held_elsewhere", EXAM_MESSAGES.heldElsewhere);
}

/**
 * The candidate's own sitting, closed and scored first when its time is over (any request on an overdue
 * sitting finds it closed).
 */
export async function currentSitting(db: Db, id: number, userId: number, ctx: CloseContext): Promise<Sitting> {
  const s = await sittingRow(db, id, userId);
  if (s.status === "open" && pastGrace(s, ctx.now ?? new Date())) return closeSitting(db, s.id, "deadline", ctx);
  return s;
}

const blankState = (position: number): PositionState => ({
  position,
  choice: null,
  flagged: false,
  struck: [],
  seq: 0,
});
const stateOf = (a: AnswerRow): PositionState => ({
  position: a.position,
  choice: a.choice,
  flagged: a.flagged,
  struck: a.struck,
  seq: a.seq,
});

export function summaryOf(s: Sitting): SittingSummary {
  const report = s.report as ScoreReport | null;
  return {
    id: s.id,
    registrationId: s.registrationId,
    certId: s.certId,
    examTitle: examTitleOf(s.certId),
    status: s.status as SittingSummary["status"],
    startedAt: s.startedAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
    result: report?.result ?? null,
  };
}

export async function stateOfSitting(db: Db, s: Sitting, now: Date): Promise<SittingState> {
  const answers = await db
    .select()
    .from(examSittingAnswers)
    .where(eq(examSittingAnswers.sittingId, s.id))
    .orderBy(asc(examSittingAnswers.position));
  const byPos = new Map(answers.map((a) => [a.position, stateOf(a)]));
  const positions = s.form.map((_, i) => byPos.get(i + 1) ?? blankState(i + 1));
  const clock = clockView(clockFacts(s), s.status === "open" ? now : (s.endedAt ?? now));
  return {
    ...summaryOf(s),
    itemCount: s.form.length,
    lastPosition: s.lastPosition,
    answered: positions.filter((p) => p.choice !== null).length,
    flagged: positions.filter((p) => p.flagged).length,
    positions,
    clock: s.status === "open" ? clock : { ...clock, now: now.getTime(), remainingMs: 0 },
    eslNote: s.eslNote,
  };
}

/** Resume: the whole state of the candidate's sitting, for the tab that holds it. */
export async function resumeSitting(
  db: Db,
  input: { id: number; userId: number; holderId: string },
  ctx: CloseContext,
) {
  const now = ctx.now ?? new Date();
  const s = await currentSitting(db, input.id, input.userId, ctx);
  if (s.status === "open") checkHolder(s, input.holderId);
  return stateOfSitting(db, s, now);
}

/** The candidate's sittings, newest first (closing any that are overdue). */
export async function sittingsOf(db: Db, userId: number, ctx: CloseContext): Promise<SittingSummary[]> {
  const now = ctx.now ?? new Date();
  const rows = await db
    .select()
    .from(examSittings)
    .where(eq(examSittings.userId, userId))
    .orderBy(desc(examSittings.startedAt), desc(examSittings.id));
  const out: SittingSummary[] = [];
  for (const s of rows)
    out.push(summaryOf(s.status === "open" && pastGrace(s, now) ? await closeSitting(db, s.id, "deadline", ctx) : s));
  return out;
}

/** Takes the sitting over for this tab; the former holder's requests then get taken_over. */
export async function takeOver(db: Db, input: { id: number; userId: number; holderId: string }, ctx: CloseContext) {
  const now = ctx.now ?? new Date();
  const s = await currentSitting(db, input.id, input.userId, ctx);
  if (s.status !== "open") throw closedError();
  const [updated] = await db
    .update(examSittings)
    .set({
      holderId: input.holderId,
      formerHolders: sql`(select coalesce(jsonb_agg(h), '[]'::jsonb) from jsonb_array_elements_text(${examSittings.formerHolders} || ${JSON.stringify(
        s.holderId === input.holderId ? [] : [s.holderId],
      )}::jsonb) h where h <> ${input.holderId})`,
    })
    .where(and(eq(examSittings.id, s.id), eq(examSittings.status, "open")))
    .returning();
  if (!updated) throw closedError();
  return stateOfSitting(db, updated, now);
}

/** One item of the holder's open sitting, as the candidate sees it: never the key, rationale or reference. */
export async function itemAt(
  db: Db,
  input: { id: number; userId: number; holderId: string; position: number },
  ctx: CloseContext,
): Promise<{ item: CandidateItem; sitting: Sitting }> {
  const s = await currentSitting(db, input.id, input.userId, ctx);
  if (s.status !== "open") throw closedError();
  checkHolder(s, input.holderId);
  const pos = s.form[input.position - 1];
  if (!pos) throw new HttpError(404, "not_found", EXAM_MESSAGES.position);
  const [[item], [saved]] = await Promise.all([
    db
      .select({ stem: examItems.stem, options: examItems.options })
      .from(examItems)
      .where(and(eq(examItems.itemId, pos.itemId), eq(examItems.version, pos.version))),
    db
      .select()
      .from(examSittingAnswers)
      .where(and(eq(examSittingAnswers.sittingId, s.id), eq(examSittingAnswers.position, input.position))),
    db.update(examSittings).set({ lastPosition: input.position }).where(eq(examSittings.id, s.id)),
  ]);
  if (!item) throw new Error(`item ${pos.itemId} v${pos.version} of sitting ${s.id} is missing`);
  return {
    sitting: s,
    item: {
      position: input.position,
      itemCount: s.form.length,
      stem: item.stem,
      options: pos.order.map((original, i) => ({ id: pos.optionIds[i]!, text: item.options[original]! })),
      saved: saved ? stateOf(saved) : blankState(input.position),
    },
  };
}

// ─── saving ─────────────────────────────────────────────────────────────────────────────────────

function invalidSave(field: string, message: string): HttpError {
  return new HttpError(400, "validation_failed", message, { [field]: message });
}

/**
 * Saves question states for the holder: ordered by each question's seq (a save whose seq is not above the
 * stored one is acknowledged and ignored, so a retry or a late packet never overwrites a newer answer),
 * accepted until the deadline plus the grace. Within one request the highest seq per question wins.
 */
export async function saveAnswers(
  db: Db,
  input: { id: number; userId: number; holderId: string; saves: SaveInput[] },
  ctx: CloseContext,
) {
  const now = ctx.now ?? new Date();
  const newest = new Map<number, SaveInput>();
  for (const save of input.saves) {
    const prev = newest.get(save.position);
    if (!prev || save.seq > prev.seq) newest.set(save.position, save);
  }
  // one transaction, the sitting's row share-locked: a close (which locks it for update) waits for the save,
  // or the save finds it closed
  const done = await db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(examSittings)
      .where(and(eq(examSittings.id, input.id), eq(examSittings.userId, input.userId)))
      .for("share");
    if (!s) throw notFound();
    if (s.status !== "open") throw closedError();
    if (pastGrace(s, now)) return { overdue: true as const };
    checkHolder(s, input.holderId);
    for (const save of newest.values()) {
      const pos = s.form[save.position - 1];
      if (!pos) throw invalidSave("position", EXAM_MESSAGES.position);
      if (save.choice !== null && !pos.optionIds.includes(save.choice))
        throw invalidSave("choice", EXAM_MESSAGES.choice);
      if (save.struck.some((o) => !pos.optionIds.includes(o))) throw invalidSave("struck", EXAM_MESSAGES.choice);
    }
    const rows = [...newest.values()].map((v) => ({
      sittingId: s.id,
      position: v.position,
      choice: v.choice,
      flagged: v.flagged,
      struck: [...new Set(v.struck)],
      seq: v.seq,
      savedAt: now,
    }));
    const applied = await tx
      .insert(examSittingAnswers)
      .values(rows)
      .onConflictDoUpdate({
        target: [examSittingAnswers.sittingId, examSittingAnswers.position],
        set: {
          choice: sql`excluded.choice`,
          flagged: sql`excluded.flagged`,
          struck: sql`excluded.struck`,
          seq: sql`excluded.seq`,
          savedAt: sql`excluded.saved_at`,
        },
        setWhere: sql`${examSittingAnswers.seq} < excluded.seq`,
      })
      .returning();
    // the stored state of the questions whose save was not newer (usually none: one query saved)
    const missing = rows.map((r) => r.position).filter((p) => !applied.some((a) => a.position === p));
    const kept = missing.length
      ? await tx
          .select()
          .from(examSittingAnswers)
          .where(and(eq(examSittingAnswers.sittingId, s.id), inArray(examSittingAnswers.position, missing)))
      : [];
    return { overdue: false as const, applied, saved: [...applied, ...kept], sitting: s };
  });
  if (done.overdue) {
    await closeSitting(db, input.id, "deadline", ctx);
    throw closedError();
  }
  const appliedSet = new Set(done.applied.map((a) => `${a.position}:${a.seq}`));
  return {
    results: input.saves.map((v) => ({
      position: v.position,
      seq: v.seq,
      applied: appliedSet.has(`${v.position}:${v.seq}`) && newest.get(v.position) === v,
    })),
    saved: done.saved.sort((a, b) => a.position - b.position).map(stateOf),
    clock: clockView(clockFacts(done.sitting), now),
  };
}

// ─── closing, scoring and the report ────────────────────────────────────────────────────────────

export interface CloseContext {
  publicUrl: string;
  now?: Date;
  /** called after a close that recorded a result (the mail worker's kick) */
  onRecorded?: () => void;
}

/**
 * Closes and scores a sitting once (a second call returns the closed sitting): the saved answers against
 * the form's item versions, the result recorded through recordResult (a pass issues the certification,
 * its e-mail and badge; a fail e-mails the retest date), the per-domain report computed and stored.
 * `endedBy` deadline: ended at the deadline, whatever the time of the close.
 */
export async function closeSitting(
  db: Db,
  id: number,
  endedBy: "submit" | "deadline",
  ctx: CloseContext,
): Promise<Sitting> {
  const now = ctx.now ?? new Date();
  let recorded = false;
  const closed = await db.transaction(async (tx) => {
    const [s] = await tx.select().from(examSittings).where(eq(examSittings.id, id)).for("update");
    if (!s) throw notFound();
    if (s.status !== "open") return s;
    const deadline = deadlineOf(clockFacts(s));
    const endedAt = endedBy === "deadline" && deadline && deadline < now ? deadline : now;
    const answers = await tx.select().from(examSittingAnswers).where(eq(examSittingAnswers.sittingId, s.id));
    const choices = s.form.map(() => null as string | null);
    for (const a of answers) if (a.position >= 1 && a.position <= choices.length) choices[a.position - 1] = a.choice;
    const keys = await keysOf(tx, s.form);
    const exam = certificationById(s.certId)!;
    const passing = passingScore(s.certId);
    const score = scoreForm(
      s.form,
      choices,
      (itemId, version) => keys.get(`${itemId}@${version}`)!.key,
      passing,
      exam.details!.weights.map((w) => w.title),
    );
    const [reg] = await tx.select().from(examRegistrations).where(eq(examRegistrations.id, s.registrationId));
    const actor: Actor = endedBy === "submit" && s.userId ? candidateActor(s.userId) : SYSTEM;
    const takenOn = isoDay(s.startedAt);
    const { attempt, certification } = await recordResult(tx, {
      voucherCode: reg!.voucherCode,
      takenOn,
      scorePercent: score.exactPercent,
      actor,
      publicUrl: ctx.publicUrl,
      now,
    });
    if ((attempt.result === "pass") !== score.pass)
      throw new Error(`sitting ${s.id}: the recorded result disagrees with the scoring rule`);
    recorded = true;
    const [holder] = s.userId ? await tx.select().from(users).where(eq(users.id, s.userId)) : [];
    let retestOn: string | null = null;
    if (!score.pass && s.userId) {
      const attempts = await tx
        .select({ takenOn: examAttempts.takenOn, result: examAttempts.result })
        .from(examAttempts)
        .where(and(eq(examAttempts.userId, s.userId), eq(examAttempts.certId, s.certId)));
      // the retest rule the purchase enforces, asked on the day of the exam
      const rule = purchaseEligibility({
        attempts: attempts as AttemptFacts[],
        certificationStates: [],
        unusedVouchers: 0,
        now: new Date(`${takenOn}T00:00:00.000Z`),
      });
      retestOn = rule.allowed ? takenOn : (rule.availableOn ?? null);
    }
    const report: ScoreReport = {
      sittingId: s.id,
      examTitle: exam.title,
      candidateName: holder ? `${holder.firstName} ${holder.lastName}` : "",
      takenOn,
      endedAt: endedAt.toISOString(),
      endedBy,
      result: score.pass ? "pass" : "fail",
      correct: score.correct,
      scored: score.scored,
      scorePercent: score.percent,
      passingScore: passing,
      domains: score.domains,
      appeal: {
        route: APPEAL_ROUTE,
        hours: APPEAL_HOURS,
        deadline: appealWindowEnds(attempt.recordedAt).toISOString(),
      },
      retestOn,
      credentialId: certification?.credentialId ?? null,
    };
    const [updated] = await tx
      .update(examSittings)
      .set({
        status: endedBy === "submit" ? "submitted" : "expired",
        endedAt,
        endedBy,
        correct: score.correct,
        scored: score.scored,
        report: report as unknown as Record<string, unknown>,
        attemptId: attempt.id,
      })
      .where(eq(examSittings.id, s.id))
      .returning();
    await audit(tx, actor, {
      action: endedBy === "submit" ? "sitting.submit" : "sitting.expire",
      entity: "exam_sitting",
      entityId: s.id,
      fromState: "open",
      toState: updated!.status,
      after: { correct: score.correct, scored: score.scored, result: report.result, attemptId: attempt.id },
    });
    return updated!;
  });
  if (recorded) ctx.onRecorded?.();
  return closed;
}

async function keysOf(db: Db, form: readonly FormPosition[]) {
  const ids = [...new Set(form.map((p) => p.itemId))];
  const rows = ids.length ? await db.select().from(examItems).where(inArray(examItems.itemId, ids)) : [];
  return new Map(rows.map((r) => [`${r.itemId}@${r.version}`, r]));
}

/** Submit: the holder closes the sitting; answers the stored report. */
export async function submitSitting(
  db: Db,
  input: { id: number; userId: number; holderId: string },
  ctx: CloseContext,
) {
  const s = await currentSitting(db, input.id, input.userId, ctx);
  if (s.status !== "open") throw closedError();
  checkHolder(s, input.holderId);
  const closed = await closeSitting(db, s.id, "submit", ctx);
  return closed.report as unknown as ScoreReport;
}

/** The stored report of the candidate's own closed sitting. */
export async function reportOf(db: Db, input: { id: number; userId: number }, ctx: CloseContext) {
  const s = await currentSitting(db, input.id, input.userId, ctx);
  if (s.status === "open")
    throw new HttpError(409, "attempt_open", "This exam is still in progress; its report is ready when it ends.");
  if (s.status === "ended") throw endedError(s);
  return s.report as unknown as ScoreReport;
}

/**
 * The periodic job: closes and scores every open sitting whose deadline (plus the grace) has passed,
 * whether or not a browser is open. Returns how many it closed.
 */
export async function closeOverdueSittings(db: Db, now: Date, ctx: Omit<CloseContext, "now">): Promise<number> {
  const due = await db
    .select({ id: examSittings.id })
    .from(examSittings)
    .where(and(eq(examSittings.status, "open"), lte(examSittings.deadlineAt, new Date(now.getTime() - GRACE_MS))))
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const s = await closeSitting(db, id, "deadline", { ...ctx, now });
    if (s.status === "expired" && s.endedBy === "deadline") n++;
  }
  return n;
}

// ─── staff ──────────────────────────────────────────────────────────────────────────────────────

const nameOf = (u: { firstName: string; lastName: string } | null | undefined) =>
  u ? `${u.firstName} ${u.lastName}` : "";

/** Delivered sittings for staff (one candidate's, or the latest 200), with their per-domain breakdown. */
export async function staffSittings(db: Db, input: { userId?: number }, ctx: CloseContext) {
  const rows = await db
    .select({ s: examSittings, u: users })
    .from(examSittings)
    .leftJoin(users, eq(users.id, examSittings.userId))
    .where(input.userId !== undefined ? eq(examSittings.userId, input.userId) : undefined)
    .orderBy(desc(examSittings.startedAt), desc(examSittings.id))
    .limit(200);
  const now = ctx.now ?? new Date();
  const out = [];
  for (const { s: row, u } of rows) {
    const s = row.status === "open" && pastGrace(row, now) ? await closeSitting(db, row.id, "deadline", ctx) : row;
    const report = s.report as ScoreReport | null;
    out.push({
      ...summaryOf(s),
      userId: s.userId,
      candidateName: nameOf(u),
      scorePercent: report?.scorePercent ?? null,
      domains: report?.domains ?? [],
    });
  }
  return out;
}

/** One sitting for staff (appeals): the form with every item version, its key, the candidate's answers. */
export async function staffSitting(db: Db, id: number, ctx: CloseContext) {
  const now = ctx.now ?? new Date();
  const [row] = await db.select().from(examSittings).where(eq(examSittings.id, id));
  if (!row) throw new HttpError(404, "not_found", "There is no exam sitting with this id.");
  const s = row.status === "open" && pastGrace(row, now) ? await closeSitting(db, row.id, "deadline", ctx) : row;
  const [u] = s.userId ? await db.select().from(users).where(eq(users.id, s.userId)) : [];
  const answers = await db.select().from(examSittingAnswers).where(eq(examSittingAnswers.sittingId, s.id));
  const byPos = new Map(answers.map((a) => [a.position, a]));
  const keys = await keysOf(db, s.form);
  return {
    ...summaryOf(s),
    userId: s.userId,
    candidateName: nameOf(u),
    seed: s.seed,
    agreementVersion: s.agreementVersion,
    agreementAcceptedAt: s.agreementAcceptedAt.toISOString(),
    country: s.country,
    province: s.province,
    clock: sittingClock(s, s.status === "open" ? now : (s.endedAt ?? now)),
    report: (s.report as ScoreReport | null) ?? null,
    form: s.form.map((p, i) => {
      const item = keys.get(`${p.itemId}@${p.version}`)!;
      const a = byPos.get(i + 1);
      const keyOptionId = p.optionIds[p.order.indexOf(item.key)]!;
      return {
        position: i + 1,
        itemId: p.itemId,
        version: p.version,
        domain: p.domain,
        pretest: !!p.pretest,
        stem: item.stem,
        options: p.order.map((original, j) => ({ id: p.optionIds[j]!, text: item.options[original]!, original })),
        keyOptionId,
        choice: a?.choice ?? null,
        correct: a?.choice === keyOptionId,
        flagged: a?.flagged ?? false,
        rationale: item.rationale,
        reference: item.reference,
      };
    }),
  };
}
