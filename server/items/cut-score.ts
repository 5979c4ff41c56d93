import { and, desc, eq, sql } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import type { CutScoreStudy } from "../../app/schemas/bank";
import { audit, type Actor } from "../audit/audit";
import type { Db } from "../db/client";
import { angoffRatings, cutScoreDecisions, examItems, users } from "../db/schema";
import { passingScore } from "../results/results";
import { HttpError } from "../errors";

/**
 * The cut-score study (issue 30.6, decision 0025): raters give each approved scored item of an exam a
 * modified Angoff rating; the recommended cut score is the mean, over the items rated, of each item's mean
 * rating (the expected percentage a minimally competent candidate scores). The published passing score stays
 * in app/data/exams.ts; staff record a decision on it with a reason, and a release publishes it.
 */

/** A rater's rating of an item version (their earlier one replaced); audited. */
export async function rateItem(db: Db, actor: Actor, input: { itemId: string; version: number; rating: number }) {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(examItems)
      .where(and(eq(examItems.itemId, input.itemId), eq(examItems.version, input.version)));
    if (!item) throw new HttpError(404, "not_found", "There is no such item version in the bank.");
    if (item.state !== "approved") throw new HttpError(409, "not_approved", "Only approved items are rated.");
    const [before] = await tx
      .select()
      .from(angoffRatings)
      .where(
        and(
          eq(angoffRatings.itemId, input.itemId),
          eq(angoffRatings.version, input.version),
          eq(angoffRatings.raterId, actor.id!),
        ),
      );
    await tx
      .insert(angoffRatings)
      .values({
        certId: item.certId,
        itemId: item.itemId,
        version: item.version,
        raterId: actor.id!,
        rating: input.rating,
      })
      .onConflictDoUpdate({
        target: [angoffRatings.itemId, angoffRatings.version, angoffRatings.raterId],
        set: { rating: input.rating, ratedAt: sql`now()` },
      });
    await audit(tx, actor, {
      action: "item.angoff_rating",
      entity: "exam_item",
      entityId: `${item.itemId}@${item.version}`,
      before: before ? { rating: before.rating } : null,
      after: { rating: input.rating },
    });
    return { itemId: item.itemId, version: item.version, rating: input.rating };
  });
}

const decisionView = (
  d: typeof cutScoreDecisions.$inferSelect,
  by: { firstName: string; lastName: string } | null,
) => ({
  id: d.id,
  passingScore: d.passingScore,
  publishedScore: d.publishedScore,
  recommended: d.recommended,
  reason: d.reason,
  decidedBy: by ? `${by.firstName} ${by.lastName}` : "",
  decidedAt: d.decidedAt.toISOString(),
});

/** The study of one exam, as the rater `raterId` sees it (their own ratings beside the means). */
export async function cutScoreStudy(db: Db, certId: number, raterId: number): Promise<CutScoreStudy> {
  const [items, ratings, decisions] = await Promise.all([
    db
      .select({ itemId: examItems.itemId, version: examItems.version, domain: examItems.domain, stem: examItems.stem })
      .from(examItems)
      .where(and(eq(examItems.certId, certId), eq(examItems.state, "approved"), eq(examItems.pretest, false)))
      .orderBy(examItems.itemId),
    db.select().from(angoffRatings).where(eq(angoffRatings.certId, certId)),
    db
      .select({ d: cutScoreDecisions, u: users })
      .from(cutScoreDecisions)
      .leftJoin(users, eq(users.id, cutScoreDecisions.decidedBy))
      .where(eq(cutScoreDecisions.certId, certId))
      .orderBy(desc(cutScoreDecisions.decidedAt), desc(cutScoreDecisions.id)),
  ]);
  const byItem = new Map<string, number[]>();
  const mine = new Map<string, number>();
  for (const r of ratings) {
    const k = `${r.itemId}@${r.version}`;
    byItem.set(k, [...(byItem.get(k) ?? []), r.rating]);
    if (r.raterId === raterId) mine.set(k, r.rating);
  }
  const rows = items.map((i) => {
    const k = `${i.itemId}@${i.version}`;
    const rs = byItem.get(k) ?? [];
    return {
      ...i,
      stem: i.stem.length > 160 ? `${i.stem.slice(0, 157)}…` : i.stem,
      ratings: rs.length,
      meanRating: rs.length ? rs.reduce((a, b) => a + b, 0) / rs.length : null,
      myRating: mine.get(k) ?? null,
    };
  });
  const rated = rows.filter((r) => r.meanRating !== null);
  const recommended = rated.length
    ? Math.round((rated.reduce((a, r) => a + r.meanRating!, 0) / rated.length) * 10) / 10
    : null;
  const raters = new Set(
    ratings.filter((r) => rows.some((i) => i.itemId === r.itemId && i.version === r.version)).map((r) => r.raterId),
  );
  return {
    certId,
    publishedScore: passingScore(certId),
    recommended,
    itemsRated: rated.length,
    itemsTotal: rows.length,
    raters: raters.size,
    items: rows,
    decisions: decisions.map(({ d, u }) => decisionView(d, u)),
  };
}

/** Records a passing score decision with its reason and the study's recommendation at the time; audited. */
export async function recordCutScoreDecision(
  db: Db,
  actor: Actor,
  input: { certId: number; passingScore: number; reason: string },
) {
  if (!certificationById(input.certId)?.details?.passingScore)
    throw new HttpError(404, "not_found", "No exam with a published passing score has this id.");
  const study = await cutScoreStudy(db, input.certId, actor.id!);
  return db.transaction(async (tx) => {
    const [d] = await tx
      .insert(cutScoreDecisions)
      .values({
        certId: input.certId,
        passingScore: input.passingScore,
        publishedScore: study.publishedScore,
        recommended: study.recommended,
        reason: input.reason,
        decidedBy: actor.id,
      })
      .returning();
    await audit(tx, actor, {
      action: "exam.cut_score_decision",
      entity: "exam",
      entityId: input.certId,
      fromState: `${study.publishedScore}%`,
      toState: `${input.passingScore}%`,
      after: { decisionId: d!.id, recommended: study.recommended, itemsRated: study.itemsRated, raters: study.raters },
      reason: input.reason,
    });
    const [u] = await tx.select().from(users).where(eq(users.id, actor.id!));
    return decisionView(d!, u ?? null);
  });
}
