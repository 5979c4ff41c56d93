import { and, eq, gte, sum } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import type { Db } from "../db/client";
import { ceActivities, certificationsTable, users } from "../db/schema";
import { HttpError } from "../errors";
import { enqueueMail } from "../mail/outbox";
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
  await enqueueMail(tx, {
    to: holder.email,
    template: "certificate-issued",
    data: {
      firstName: holder.firstName,
      examTitle: certificationById(input.certId)?.title ?? "",
      credentialId: cert!.credentialId,
      issuedOn: isoDay(cert!.issuedAt),
      expiresOn: isoDay(cert!.expiresAt),
      verifyUrl: verificationUrl(cert!.credentialId, input.publicUrl),
    },
  });
  return cert!;
}

/** Invalidates a certification with a reason (staff), and tells the holder with the appeal deadline. */
export async function invalidateCertification(
  db: Db,
  input: { certificationId: number; reason: string; actor: Actor; publicUrl: string; now?: Date },
): Promise<CertificationRow> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(certificationsTable)
      .where(eq(certificationsTable.id, input.certificationId));
    if (!before) throw new HttpError(404, "not_found", "There is no such certification.");
    if (before.invalidatedAt)
      throw new HttpError(409, "already_invalidated", "This certification is already invalidated.");
    const facts = await certificationFacts(tx, before);
    const [after] = await tx
      .update(certificationsTable)
      .set({ invalidatedAt: now, invalidationReason: input.reason, invalidatedBy: input.actor.id })
      .where(eq(certificationsTable.id, before.id))
      .returning();
    await audit(tx, input.actor, {
      action: "certification.invalidate",
      entity: "certification",
      entityId: before.id,
      fromState: certificationState(facts, now),
      toState: "invalidated",
      before: { invalidatedAt: null },
      after: { invalidatedAt: now.toISOString(), invalidationReason: input.reason },
      reason: input.reason,
    });
    const [holder] = await tx.select().from(users).where(eq(users.id, before.userId));
    if (holder)
      await enqueueMail(tx, {
        to: holder.email,
        template: "certification-invalidated",
        data: {
          firstName: holder.firstName,
          examTitle: certificationById(before.certId)?.title ?? "",
          credentialId: before.credentialId,
          reason: input.reason,
          appealBy: new Date(now.getTime() + 72 * 3600 * 1000).toISOString(),
        },
      });
    return after!;
  });
}

/**
 * Reinstates an invalidated certification (staff, e.g. when an appeal of the invalidation is granted): the
 * invalidation is cleared, so its credentials' bits in the revocation status list clear at once too.
 */
export async function reinstateCertification(
  db: Db,
  input: { certificationId: number; reason: string; actor: Actor; now?: Date },
): Promise<CertificationRow> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(certificationsTable)
      .where(eq(certificationsTable.id, input.certificationId));
    if (!before) throw new HttpError(404, "not_found", "There is no such certification.");
    if (!before.invalidatedAt) throw new HttpError(409, "not_invalidated", "This certification is not invalidated.");
    const [after] = await tx
      .update(certificationsTable)
      .set({ invalidatedAt: null, invalidationReason: null, invalidatedBy: null })
      .where(eq(certificationsTable.id, before.id))
      .returning();
    const facts = await certificationFacts(tx, after!);
    await audit(tx, input.actor, {
      action: "certification.reinstate",
      entity: "certification",
      entityId: before.id,
      fromState: "invalidated",
      toState: certificationState(facts, now),
      before: { invalidatedAt: before.invalidatedAt.toISOString(), invalidationReason: before.invalidationReason },
      after: { invalidatedAt: null },
      reason: input.reason,
    });
    return after!;
  });
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
    const [cert] = await tx
      .select()
      .from(certificationsTable)
      .where(and(eq(certificationsTable.id, input.certificationId), eq(certificationsTable.userId, input.ownerId)));
    if (!cert) throw new HttpError(404, "not_found", "There is no such certification on your account.");
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
