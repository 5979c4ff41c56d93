import { certificationById } from "../../app/data/exams";
import { org } from "../../app/data/org";
import { CONTEXT_URLS } from "./contexts";
import { badgeUrl, verificationUrl } from "./links";

/** XML Schema dateTimeStamp without milliseconds, as the VC data model writes dates. */
export const vcDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * The certification as an Open Badges 3.0 credential (a W3C Verifiable Credential of type
 * OpenBadgeCredential), before signing (server/credentials/signing.ts signs it: docs/decisions/0021).
 * The public form names its holder only by a salted hash of the e-mail address (an IdentityObject with
 * `hashed: true`); the holder's own copy (`holderName`) adds the name in clear.
 */
export function openBadgeCredential(c: {
  /** the site's public address (env.PUBLIC_URL) */
  publicUrl: string;
  /** the credential's id: by default its public URL (badge.json) */
  id?: string;
  credentialId: string;
  certId: number;
  /** the issuer's DID (did:web) */
  issuer: string;
  issuedAt: Date;
  expiresAt: Date;
  identity: { hash: string; salt: string };
  holderName?: string;
  status: { listUrl: string; index: number };
}) {
  const exam = certificationById(c.certId);
  const title = exam?.title ?? `Exam ${c.certId}`;
  const identifier: Record<string, unknown>[] = [
    {
      type: "IdentityObject",
      identityHash: c.identity.hash,
      identityType: "emailAddress",
      hashed: true,
      salt: c.identity.salt,
    },
  ];
  if (c.holderName)
    identifier.push({ type: "IdentityObject", identityHash: c.holderName, identityType: "name", hashed: false });
  return {
    "@context": [CONTEXT_URLS.credentialsV2, CONTEXT_URLS.openBadgesV3],
    id: c.id ?? badgeUrl(c.credentialId, c.publicUrl),
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: title,
    issuer: {
      id: c.issuer,
      type: ["Profile"],
      name: org.name,
      url: c.publicUrl,
      email: org.email,
    },
    validFrom: vcDate(c.issuedAt),
    validUntil: vcDate(c.expiresAt),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier,
      achievement: {
        id: `${c.publicUrl}/credentials#exam-${c.certId}`,
        type: ["Achievement"],
        achievementType: "Certification",
        name: title,
        description: exam?.description ?? title,
        criteria: {
          narrative: `Pass the ${exam?.title ?? "exam"} with a score of at least ${exam?.details?.passingScore ?? "the published passing score"}.`,
        },
      },
    },
    credentialStatus: {
      id: `${c.status.listUrl}#${c.status.index}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(c.status.index),
      statusListCredential: c.status.listUrl,
    },
    evidence: [{ id: verificationUrl(c.credentialId, c.publicUrl), type: ["Evidence"], name: "Verification page" }],
  };
}
