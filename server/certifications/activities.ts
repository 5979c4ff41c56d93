import { and, eq, sql } from "drizzle-orm";
import { queueOrder } from "../staff/query";
import { staffFilePath, type ActivityRow } from "../../app/schemas/staff";
import { audit, type StaffActor } from "../audit/audit";
import type { Db } from "../db/client";
import { ceActivities, certificationsTable, uploads, users } from "../db/schema";
import { activityCountsInCycle, cycleDays } from "../credentials/state";
import { HttpError } from "../errors";
import { enqueueMailTo } from "../mail/outbox";

const selectJoined = (db: Db) =>
  db
    .select({
      a: ceActivities,
      credentialId: certificationsTable.credentialId,
      cycle: { cycleStartedAt: certificationsTable.cycleStartedAt, expiresAt: certificationsTable.expiresAt },
      evidenceName: uploads.fileName,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(ceActivities)
    .innerJoin(certificationsTable, eq(certificationsTable.id, ceActivities.certificationId))
    .innerJoin(uploads, eq(uploads.id, ceActivities.evidenceUploadId))
    .innerJoin(users, eq(users.id, ceActivities.userId));

type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>["where"]>>[number];

function activityView(r: Joined, now = new Date()): ActivityRow {
  return {
    id: r.a.id,
    userId: r.a.userId,
    candidateName: `${r.user.firstName} ${r.user.lastName}`,
    candidateEmail: r.user.email,
    credentialId: r.credentialId,
    title: r.a.title,
    provider: r.a.provider,
    activityDate: r.a.activityDate,
    category: r.a.category,
    units: r.a.units,
    evidenceUploadId: r.a.evidenceUploadId,
    evidenceName: r.evidenceName,
    evidenceUrl: staffFilePath(r.a.evidenceUploadId),
    reviewState: r.a.reviewState,
    reviewReason: r.a.reviewReason,
    createdAt: r.a.createdAt.toISOString(),
    waitingDays: Math.floor((now.getTime() - r.a.createdAt.getTime()) / 86_400_000),
    cycleStartsOn: cycleDays(r.cycle).startsOn,
    cycleEndsOn: cycleDays(r.cycle).endsOn,
    countsInCycle: activityCountsInCycle(r.a.activityDate, r.cycle).counts,
  };
}

/** The continuing-education queue: pending activities oldest first (no review time is published), then reviewed ones. */
export async function listActivities(
  db: Db,
  f: { state?: "pending" | "approved" | "rejected" | "all" },
  page: { limit: number; offset: number },
) {
  const state = f.state ?? "pending";
  const cond = state === "all" ? undefined : eq(ceActivities.reviewState, state);
  const rows = await selectJoined(db)
    .where(cond)
    .orderBy(
      ...queueOrder(
        sql`${ceActivities.reviewState} = 'pending'`,
        ceActivities.createdAt,
        ceActivities.reviewedAt,
        ceActivities.id,
      ),
    )
    .limit(page.limit)
    .offset(page.offset);
  const now = new Date();
  return { rows: rows.map((r) => activityView(r, now)), total: await db.$count(ceActivities, cond) };
}

export function pendingActivities(db: Db): Promise<number> {
  return db.$count(ceActivities, eq(ceActivities.reviewState, "pending"));
}

/** Approves or rejects (with a reason) a pending activity; tells the holder; audited in the same transaction. */
export async function reviewActivity(
  db: Db,
  input: { id: number; outcome: "approved" | "rejected"; reason?: string; actor: StaffActor; publicUrl: string },
): Promise<ActivityRow> {
  const reason = input.reason?.trim() || null;
  if (input.outcome === "rejected" && !reason)
    throw new HttpError(400, "validation_failed", "Please give the reason for rejecting the activity.", {
      reason: "Please give the reason for rejecting the activity.",
    });
  return db.transaction(async (tx) => {
    const [row] = await selectJoined(tx).where(eq(ceActivities.id, input.id)).for("update", { of: ceActivities });
    if (!row) throw new HttpError(404, "not_found", "There is no activity with this id.");
    if (row.a.reviewState !== "pending")
      throw new HttpError(409, "already_reviewed", "This activity has already been reviewed.");
    const now = new Date();
    const [updated] = await tx
      .update(ceActivities)
      .set({ reviewState: input.outcome, reviewReason: reason, reviewedBy: input.actor.id, reviewedAt: now })
      .where(and(eq(ceActivities.id, input.id), eq(ceActivities.reviewState, "pending")))
      .returning();
    await audit(tx, input.actor, {
      action: input.outcome === "approved" ? "ce_activity.approve" : "ce_activity.reject",
      entity: "ce_activity",
      entityId: input.id,
      fromState: "pending",
      toState: input.outcome,
      before: { reviewState: "pending" },
      after: { reviewState: input.outcome, units: row.a.units },
      reason,
    });
    await enqueueMailTo(tx, row.user, "activity-reviewed", {
      title: row.a.title,
      units: row.a.units,
      outcome: input.outcome,
      reason,
      // an approved activity dated before the current cycle (a renewal came in between) earns nothing: say so
      counts: activityCountsInCycle(row.a.activityDate, row.cycle).counts,
      cycleStartsOn: cycleDays(row.cycle).startsOn,
      cycleEndsOn: cycleDays(row.cycle).endsOn,
    });
    return activityView({ ...row, a: updated! });
  });
}
