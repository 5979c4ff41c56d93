import { certificationById } from "../../app/data/exams";
import { org } from "../../app/data/org";
import { badgeUrl, verificationUrl } from "./links";

/**
 * The certification as an Open Badges 3.0 credential (a W3C Verifiable Credential of type
 * OpenBadgeCredential). It is published unsigned at a stable URL: docs/decisions/0005 records why.
 * Anyone checks it by following `id` (this document) and the verification URL in `evidence`.
 */
export function openBadgeCredential(
  c: {
    credentialId: string;
    certId: number;
    holder: string;
    issuedAt: Date;
    expiresAt: Date;
  },
  publicUrl: string,
) {
  const exam = certificationById(c.certId);
  const achievementId = `${publicUrl}/credentials#exam-${c.certId}`;
  return {
    "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
    id: badgeUrl(c.credentialId, publicUrl),
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: exam?.title ?? `Exam ${c.certId}`,
    issuer: {
      id: publicUrl,
      type: ["Profile"],
      name: org.name,
      url: publicUrl,
      email: org.email,
    },
    validFrom: c.issuedAt.toISOString(),
    validUntil: c.expiresAt.toISOString(),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [{ type: "IdentityObject", identityHash: c.holder, identityType: "name", hashed: false }],
      achievement: {
        id: achievementId,
        type: ["Achievement"],
        achievementType: "Certification",
        name: exam?.title ?? `Exam ${c.certId}`,
        description: exam?.description ?? "",
        criteria: {
          narrative: `Pass the ${exam?.title ?? "exam"} with a score of at least ${exam?.details?.passingScore ?? "the published passing score"}.`,
        },
      },
    },
    evidence: [{ id: verificationUrl(c.credentialId, publicUrl), type: ["Evidence"], name: "Verification page" }],
  };
}
