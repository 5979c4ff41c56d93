import { and, eq, gte, sum } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import type { Db } from "../db/client";
import { ceActivities, certificationsTable, users } from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMailTo } from "../mail/outbox";
import { audit, type Actor } from "../audit/audit";
import { newCredentialId } from "../credentials/codes";
import { verificationUrl } from "../credentials/links";
import {
  certificationState,
  daysToExpiry,
  expiryFor,
  isoDay,
  renewalAllowed,
  type CertificationFacts,
} from "../credentials/state";

export type CertificationRow = typeof certificationsTable.$inferSelect;

/** Units approved for the certification's current cycle (activities dated on or after its start). */
export async function approvedUnits(db: Db, cert: Pick<CertificationRow, "id" | "cycleStartedAt">): Promise<number> {
  const [row] = await db
    .select({ total: sum(ceActivities.units) })
    .from(ceActivities)
    .where(
      and(
        eq(ceActivities.certificationId, cert.id),
        eq(ceActivities.reviewState, "approved"),
        gte(ceActivities.activityDate, isoDay(cert.cycleStartedAt)),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function certificationFacts(db: Db, cert: CertificationRow): Promise<CertificationFacts> {
  return { expiresAt: cert.expiresAt, invalidatedAt: cert.invalidatedAt, approvedUnits: await approvedUnits(db, cert) };
}

/** Everything the account page, the PDF and the verification page show of one certification. */
export async function describeCertification(db: Db, cert: CertificationRow, now = new Date()) {
  const facts = await certificationFacts(db, cert);
  const renewal = renewalAllowed(facts, now);
  return {
    cert,
    examTitle: certificationById(cert.certId)?.title ?? `Exam ${cert.certId}`,
    state: certificationState(facts, now),
    daysToExpiry: daysToExpiry(cert.expiresAt, now),
    approvedUnits: facts.approvedUnits,
    renewal,
  };
}

/**
 * Issues the certification of a passing attempt, in the caller's transaction, and queues the
 * "certificate issued" e-mail. The holder's name is kept as it is on the account at issue.
 */
export async function issueCertification(
  tx: Db,
  input: { userId: number; certId: number; attemptId: number; issuedAt: Date; publicUrl: string },
  actor: Actor,
): Promise<CertificationRow> {
  const [holder] = await tx.select().from(users).where(eq(users.id, input.userId));
  if (!holder) throw new HttpError(409, "no_holder", "The candidate's account no longer exists.");
  const [cert] = await tx
    .insert(certificationsTable)
    .values({
      credentialId: newCredentialId(),
      userId: holder.id,
      certId: input.certId,
      attemptId: input.attemptId,
      holderFirstName: holder.firstName,
      holderLastName: holder.lastName,
      issuedAt: input.issuedAt,
      cycleStartedAt: input.issuedAt,
      expiresAt: expiryFor(input.issuedAt),
    })
    .returning();
  await audit(tx, actor, {
    action: "certification.issue",
    entity: "certification",
    entityId: cert!.id,
    toState: "active",
    after: { credentialId: cert!.credentialId, certId: input.certId, expiresAt: cert!.expiresAt.toISOString() },
  });
  await enqueueMailTo(tx, holder, "certificate-issued", {
    examTitle: certificationById(input.certId)?.title ?? "",
    credentialId: cert!.credentialId,
    issuedOn: isoDay(cert!.issuedAt),
    expiresOn: isoDay(cert!.expiresAt),
    verifyUrl: verificationUrl(cert!.credentialId, input.publicUrl),
  });
  return cert!;
}

/** Certification `id` (with `ownerId`, only when it is that holder's own), or 404 saying there is none. */
async function findCertification(db: Db, id: number, ownerId?: number): Promise<CertificationRow> {
  const owned = ownerId === undefined ? undefined : eq(certificationsTable.userId, ownerId);
  const [cert] = await db
    .select()
    .from(certificationsTable)
    .where(and(eq(certificationsTable.id, id), owned));
  if (!cert)
    throw new HttpError(
      404,
      "not_found",
      ownerId === undefined ? "There is no such certification." : "There is no such certification on your account.",
    );
  return cert;
}

/**
 * Sets (invalidate) or clears (reinstate) a certification's invalidation in one transaction, refused with
 * 404 or 409 when there is nothing to change, and audited with the states before and after; `then` runs in
 * the same transaction (the holder's e-mail).
 */
async function changeInvalidation(
  db: Db,
  input: { certificationId: number; reason: string; actor: Actor; now?: Date },
  invalidate: boolean,
  then?: (tx: Db, cert: CertificationRow, now: Date) => Promise<void>,
): Promise<CertificationRow> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const before = await findCertification(tx, input.certificationId);
    if (invalidate && before.invalidatedAt)
      throw new HttpError(409, "already_invalidated", "This certification is already invalidated.");
    if (!invalidate && !before.invalidatedAt)
      throw new HttpError(409, "not_invalidated", "This certification is not invalidated.");
    const [after] = await tx
      .update(certificationsTable)
      .set(
        invalidate
          ? { invalidatedAt: now, invalidationReason: input.reason, invalidatedBy: input.actor.id }
          : { invalidatedAt: null, invalidationReason: null, invalidatedBy: null },
      )
      .where(eq(certificationsTable.id, before.id))
      .returning();
    // the state it had (invalidating) or has again (reinstating), from the row without the invalidation
    const state = certificationState(await certificationFacts(tx, invalidate ? before : after!), now);
    await audit(tx, input.actor, {
      action: invalidate ? "certification.invalidate" : "certification.reinstate",
      entity: "certification",
      entityId: before.id,
      fromState: invalidate ? state : "invalidated",
      toState: invalidate ? "invalidated" : state,
      before: invalidate
        ? { invalidatedAt: null }
        : { invalidatedAt: before.invalidatedAt!.toISOString(), invalidationReason: before.invalidationReason },
      after: invalidate
        ? { invalidatedAt: now.toISOString(), invalidationReason: input.reason }
        : { invalidatedAt: null },
      reason: input.reason,
    });
    await then?.(tx, before, now);
    return after!;
  });
}

/** Invalidates a certification with a reason (staff), and tells the holder with the appeal deadline. */
export function invalidateCertification(
  db: Db,
  input: { certificationId: number; reason: string; actor: Actor; publicUrl: string; now?: Date },
): Promise<CertificationRow> {
  return changeInvalidation(db, input, true, async (tx, cert, now) => {
    const [holder] = await tx.select().from(users).where(eq(users.id, cert.userId));
    if (holder)
      await enqueueMailTo(tx, holder, "certification-invalidated", {
        examTitle: certificationById(cert.certId)?.title ?? "",
        credentialId: cert.credentialId,
        reason: input.reason,
        appealBy: new Date(now.getTime() + 72 * 3600 * 1000).toISOString(),
      });
  });
}

/**
 * Reinstates an invalidated certification (staff, e.g. when an appeal of the invalidation is granted): the
 * invalidation is cleared, so its credentials' bits in the revocation status list clear at once too.
 */
export function reinstateCertification(
  db: Db,
  input: { certificationId: number; reason: string; actor: Actor; now?: Date },
): Promise<CertificationRow> {
  return changeInvalidation(db, input, false);
}

/**
 * Renews a certification (holder) when the rules allow it: a new 3-year cycle from the renewal date
 * (the old expiry), or from today when the certification had lapsed.
 */
export async function renewCertification(
  db: Db,
  input: { certificationId: number; ownerId: number; actor: Actor; now?: Date },
): Promise<CertificationRow> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const cert = await findCertification(tx, input.certificationId, input.ownerId);
    const facts = await certificationFacts(tx, cert);
    const allowed = renewalAllowed(facts, now);
    if (!allowed.allowed) throw new HttpError(409, "renewal_not_allowed", allowed.reason);
    const state = certificationState(facts, now);
    const cycleStart = state === "lapsed" ? now : cert.expiresAt;
    const [renewed] = await tx
      .update(certificationsTable)
      .set({ cycleStartedAt: cycleStart, expiresAt: expiryFor(cycleStart) })
      .where(eq(certificationsTable.id, cert.id))
      .returning();
    await audit(tx, input.actor, {
      action: "certification.renew",
      entity: "certification",
      entityId: cert.id,
      fromState: state,
      toState: "active",
      before: { cycleStartedAt: cert.cycleStartedAt.toISOString(), expiresAt: cert.expiresAt.toISOString() },
      after: { cycleStartedAt: renewed!.cycleStartedAt.toISOString(), expiresAt: renewed!.expiresAt.toISOString() },
      reason: `${facts.approvedUnits} approved continuing education units`,
    });
    return renewed!;
  });
}
