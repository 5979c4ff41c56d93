/**
 * The SME's agreement before first access (issue 30.1): the non-disclosure agreement and the declaration of
 * no conflict of interest, each stored with its text's version and the time (sme_agreements), and audited.
 * An SME whose last acceptance is of an older version accepts the current one before the bank opens again.
 */
import { and, desc, eq } from "drizzle-orm";
import { SME_COI, SME_NDA } from "../../app/data/sme-agreement";
import type { AgreementStatus } from "../../app/schemas/items";
import { audit, type Actor } from "../audit/audit";
import type { Db } from "../db/client";
import { smeAgreements } from "../db/schema";
import { HttpError } from "../errors";

async function lastAcceptance(db: Db, userId: number, kind: "nda" | "coi") {
  const [row] = await db
    .select({ version: smeAgreements.version, acceptedAt: smeAgreements.acceptedAt })
    .from(smeAgreements)
    .where(and(eq(smeAgreements.userId, userId), eq(smeAgreements.kind, kind)))
    .orderBy(desc(smeAgreements.acceptedAt), desc(smeAgreements.id))
    .limit(1);
  return row ? { version: row.version, acceptedAt: row.acceptedAt.toISOString() } : null;
}

export async function agreementStatus(db: Db, userId: number): Promise<AgreementStatus> {
  const [nda, coi] = await Promise.all([lastAcceptance(db, userId, "nda"), lastAcceptance(db, userId, "coi")]);
  return { nda, coi, current: nda?.version === SME_NDA.version && coi?.version === SME_COI.version };
}

export const AGREEMENT_REQUIRED =
  "Accept the non-disclosure agreement and declare that you have no conflict of interest before you open the item bank.";

/** Refuses (403 agreement_required) an SME who has not accepted the current versions of both texts. */
export async function requireCurrentAgreement(db: Db, userId: number): Promise<void> {
  if (!(await agreementStatus(db, userId)).current) throw new HttpError(403, "agreement_required", AGREEMENT_REQUIRED);
}

/** Records both acceptances (the versions the SME read must be the current ones), audited in one transaction. */
export async function acceptAgreement(
  db: Db,
  actor: Actor & { id: number },
  read: { ndaVersion: string; coiVersion: string },
  now = new Date(),
): Promise<AgreementStatus> {
  if (read.ndaVersion !== SME_NDA.version || read.coiVersion !== SME_COI.version)
    throw new HttpError(
      409,
      "agreement_changed",
      "The agreement was revised while you were reading it. Reload the page and read the current version.",
    );
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(smeAgreements)
      .values([
        { userId: actor.id, kind: "nda", version: SME_NDA.version, acceptedAt: now },
        { userId: actor.id, kind: "coi", version: SME_COI.version, acceptedAt: now },
      ])
      .returning({ id: smeAgreements.id, kind: smeAgreements.kind, version: smeAgreements.version });
    for (const row of rows)
      await audit(tx, actor, {
        action: row.kind === "nda" ? "sme.nda_accept" : "sme.coi_declare",
        entity: "sme_agreements",
        entityId: row.id,
        after: { userId: actor.id, version: row.version, acceptedAt: now.toISOString() },
      });
  });
  return agreementStatus(db, actor.id);
}
