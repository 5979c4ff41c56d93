import { eq } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import type { Db } from "../db/client";
import { examAttempts, examRegistrations, users } from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMailTo } from "../mail/outbox";
import { audit, type Actor } from "../audit/audit";
import { issueCertification, type CertificationRow } from "../certifications/certifications";
import { issueFreeRetake, type Registration } from "../registrations/registrations";
import { dayStart } from "../credentials/state";

export type AttemptResult = "pass" | "fail" | "indeterminate";
export type Attempt = typeof examAttempts.$inferSelect;

/** The exam's passing score as a number ("73%" → 73), from app/data/exams.ts. */
export function passingScore(certId: number): number {
  const exam = certificationById(certId);
  const raw = exam?.details?.passingScore;
  if (!raw) throw new HttpError(409, "no_passing_score", "This exam has no published passing score yet.");
  return Number(raw.replace("%", ""));
}

/** pass when the score reaches the exam's passing score, fail below it; indeterminate is declared, not computed. */
export function resultFor(certId: number, scorePercent: number): "pass" | "fail" {
  return scorePercent >= passingScore(certId) ? "pass" : "fail";
}

export interface RecordResultInput {
  voucherCode: string;
  /** "YYYY-MM-DD", the day the exam was sat */
  takenOn: string;
  /** percent correct (0-100); omit with indeterminate */
  scorePercent?: number;
  indeterminate?: boolean;
  /** false: the caller tells the candidate itself (a proctor's end of an exam mails its own notice) */
  mail?: boolean;
  actor: Actor;
  publicUrl: string;
  now?: Date;
}

/**
 * Records the result of the exam sat with a voucher (staff, the CSV import, test fixtures): the
 * attempt, the voucher marked used, and then a pass issues the certification at once (with its
 * e-mail), an indeterminate score issues a free retake voucher, a fail tells the candidate when the
 * retake wait ends. All in one transaction.
 */
export async function recordResult(
  db: Db,
  input: RecordResultInput,
): Promise<{ attempt: Attempt; certification?: CertificationRow; freeRetake?: Registration }> {
  const now = input.now ?? new Date();
  if (dayStart(input.takenOn).getTime() > now.getTime())
    throw new HttpError(400, "validation_failed", "The exam date cannot be in the future.", {
      takenOn: "The exam date cannot be in the future.",
    });
  return db.transaction(async (tx) => {
    const [reg] = await tx.select().from(examRegistrations).where(eq(examRegistrations.voucherCode, input.voucherCode));
    if (!reg) throw new HttpError(404, "not_found", "No exam registration has this voucher code.");
    // paid, or started: an exam sitting on the site (server/exams) records its result when it closes
    if (reg.state !== "paid" && reg.state !== "started")
      throw new HttpError(
        409,
        "voucher_not_open",
        reg.state === "used"
          ? "A result has already been recorded for this voucher."
          : "This voucher was cancelled and refunded; it cannot carry a result.",
      );
    if (!reg.userId) throw new HttpError(409, "no_account", "This voucher is not linked to a candidate account.");
    if (dayStart(input.takenOn).getTime() < dayStart(reg.purchasedAt.toISOString().slice(0, 10)).getTime())
      throw new HttpError(400, "validation_failed", "The exam date cannot be before the voucher was bought.", {
        takenOn: "The exam date cannot be before the voucher was bought.",
      });
    let result: AttemptResult;
    let score: number | null = null;
    if (input.indeterminate) result = "indeterminate";
    else {
      if (input.scorePercent === undefined || !(input.scorePercent >= 0 && input.scorePercent <= 100))
        throw new HttpError(400, "validation_failed", "Enter a score from 0 to 100.", {
          scorePercent: "Enter a score from 0 to 100.",
        });
      score = input.scorePercent;
      result = resultFor(reg.certId, score);
    }
    const [attempt] = await tx
      .insert(examAttempts)
      .values({
        registrationId: reg.id,
        userId: reg.userId,
        certId: reg.certId,
        takenOn: input.takenOn,
        scorePercent: score,
        result,
        recordedBy: input.actor.id,
      })
      .returning();
    await tx.update(examRegistrations).set({ state: "used" }).where(eq(examRegistrations.id, reg.id));
    await audit(tx, input.actor, {
      action: "registration.use",
      entity: "exam_registration",
      entityId: reg.id,
      fromState: "paid",
      toState: "used",
    });
    await audit(tx, input.actor, {
      action: "attempt.record",
      entity: "exam_attempt",
      entityId: attempt!.id,
      toState: result,
      after: { voucherCode: reg.voucherCode, takenOn: input.takenOn, scorePercent: score, result },
    });

    const [holder] = await tx.select().from(users).where(eq(users.id, reg.userId));
    const examTitle = certificationById(reg.certId)?.title ?? "";
    if (result === "pass") {
      const certification = await issueCertification(
        tx,
        { userId: reg.userId, certId: reg.certId, attemptId: attempt!.id, issuedAt: now, publicUrl: input.publicUrl },
        input.actor,
      );
      return { attempt: attempt!, certification };
    }
    if (result === "indeterminate") {
      const freeRetake = await issueFreeRetake(tx, reg, input.actor);
      if (holder && input.mail !== false)
        await enqueueMailTo(tx, holder, "result-recorded", {
          examTitle,
          result,
          freeRetakeVoucher: freeRetake.voucherCode,
        });
      return { attempt: attempt!, freeRetake };
    }
    if (holder)
      await enqueueMailTo(tx, holder, "result-recorded", {
        examTitle,
        result,
        scorePercent: score,
        passingScore: passingScore(reg.certId),
      });
    return { attempt: attempt! };
  });
}
