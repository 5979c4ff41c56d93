import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import { RENEWAL_NOTICE_DAYS, UNITS_REQUIRED, GRACE_DAYS } from "../../app/data/program-rules";
import type { Db } from "../db/client";
import { certificationsTable, renewalNotices, users } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { audit, SYSTEM } from "../audit/audit";
import { certificationFacts } from "./certifications";
import { addDays, graceEndFor, isoDay, renewalNoticeStage, unitsStillNeeded } from "../credentials/state";

/**
 * The written renewal notices (policies §9; issue 18.7): at least 30 days before a certification's
 * renewal (expiry) date, and again when its grace period starts, the holder gets one e-mail with the
 * units still needed and a link to the account.
 *
 * Sent once per certification, stage and cycle, across restarts and server instances: the row in
 * renewal_notices (unique on certification, stage and the cycle's expiry) is inserted in the same
 * transaction as the message in the outbox. A second run, here or in another process, finds the row
 * and sends nothing; on PostgreSQL a concurrent insert of the same row waits for the first transaction
 * and then does nothing. A stage missed while no server ran is sent on the next run while it applies
 * (the grace notice replaces a before-expiry notice that never went out before the date).
 *
 * A plain function of the database and the time, so a job runner, a test or a script can call it.
 * Answers how many notices were queued.
 */
export async function sendRenewalNotices(db: Db, now: Date = new Date()): Promise<number> {
  // every certification in a notice window: renewal date within 30 days, or in its grace period
  const due = await db
    .select({ cert: certificationsTable, email: users.email, firstName: users.firstName })
    .from(certificationsTable)
    .innerJoin(users, eq(users.id, certificationsTable.userId))
    .where(
      and(
        isNull(certificationsTable.invalidatedAt),
        lte(certificationsTable.expiresAt, addDays(now, RENEWAL_NOTICE_DAYS)),
        gt(certificationsTable.expiresAt, addDays(now, -GRACE_DAYS)),
      ),
    );
  let sent = 0;
  for (const { cert, email, firstName } of due) {
    const facts = await certificationFacts(db, cert);
    const stage = renewalNoticeStage(facts, now);
    if (!stage) continue;
    const queued = await db.transaction(async (tx) => {
      const [notice] = await tx
        .insert(renewalNotices)
        .values({ certificationId: cert.id, stage, cycleExpiresAt: cert.expiresAt })
        .onConflictDoNothing()
        .returning({ id: renewalNotices.id });
      if (!notice) return false; // already sent for this stage of this cycle
      const outboxId = await enqueueMail(tx, {
        to: email,
        template: "renewal-notice",
        data: {
          firstName,
          examTitle: certificationById(cert.certId)?.title ?? `Exam ${cert.certId}`,
          credentialId: cert.credentialId,
          stage,
          expiresOn: isoDay(cert.expiresAt),
          graceEndsOn: isoDay(graceEndFor(cert.expiresAt)),
          unitsRequired: UNITS_REQUIRED,
          approvedUnits: facts.approvedUnits,
          unitsNeeded: unitsStillNeeded(facts.approvedUnits),
        },
      });
      await tx.update(renewalNotices).set({ outboxId }).where(eq(renewalNotices.id, notice.id));
      await audit(tx, SYSTEM, {
        action: "certification.renewal_notice",
        entity: "certification",
        entityId: cert.id,
        after: { stage, cycleExpiresAt: cert.expiresAt.toISOString(), outboxId },
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
