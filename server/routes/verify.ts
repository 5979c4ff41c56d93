import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { badgeEndpoint, VERIFY_MESSAGES, verifyEndpoint } from "../../app/schemas/credentials";
import { perClient } from "../auth/limits";
import { fromContract } from "../contract";
import { openBadgeCredential } from "../credentials/badge";
import { describeCertification } from "../credentials/certifications";
import { normalizeCredentialId } from "../credentials/codes";
import { isoDay } from "../credentials/state";
import { certificationsTable } from "../db/schema";
import { HttpError } from "../errors";

/** Names compared the way a person reads them: case, accents, spaces and apostrophe styles do not matter. */
export const nameKey = (s: string) =>
  s.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[’‘`]/g, "'").replace(/\s+/g, " ").trim().toLowerCase();

/** One answer for an unknown credential ID and for a wrong last name: nothing to enumerate. */
const noMatch = () => new HttpError(404, "not_found", VERIFY_MESSAGES.notFound);

/**
 * Public verification of a certification (GET /api/verify/:credentialId?lastName=) and its Open Badges
 * 3.0 credential. Rate-limited per client address through server/auth/limits.ts (`perClient`).
 */
export default async function verifyRoutes(app: FastifyInstance, opts: { rateMax: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(verifyEndpoint),
    // per client address, in the database (shared by every server process): no guessing ID and name pairs
    onRequest: perClient("verify", { max: opts.rateMax, windowMs: 60_000 }),
    async handler(request, reply) {
      const lastName = request.query.lastName?.trim() ?? "";
      if (!lastName)
        throw new HttpError(400, "validation_failed", VERIFY_MESSAGES.lastName, { lastName: VERIFY_MESSAGES.lastName });
      const [cert] = await app.db
        .select()
        .from(certificationsTable)
        .where(eq(certificationsTable.credentialId, normalizeCredentialId(request.params.credentialId)));
      if (!cert || nameKey(cert.holderLastName) !== nameKey(lastName)) throw noMatch();
      const d = await describeCertification(app.db, cert);
      return reply.status(200).send({
        credentialId: cert.credentialId,
        holder: `${cert.holderFirstName} ${cert.holderLastName}`,
        exam: d.examTitle,
        issued: isoDay(cert.issuedAt),
        expires: isoDay(cert.expiresAt),
        state: d.state,
      });
    },
  });

  r.get(
    badgeEndpoint.path,
    {
      schema: fromContract(badgeEndpoint).schema,
      onRequest: perClient("badge", { max: opts.rateMax, windowMs: 60_000 }),
    },
    async (request, reply) => {
      const [cert] = await app.db
        .select()
        .from(certificationsTable)
        .where(eq(certificationsTable.credentialId, normalizeCredentialId(request.params.credentialId)));
      if (!cert) throw new HttpError(404, "not_found", "There is no credential at this address.");
      return reply
        .header("content-type", "application/ld+json; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(
          JSON.stringify(
            openBadgeCredential(
              {
                credentialId: cert.credentialId,
                certId: cert.certId,
                holder: `${cert.holderFirstName} ${cert.holderLastName}`,
                issuedAt: cert.issuedAt,
                // an invalidated credential is no longer valid from its invalidation
                expiresAt: cert.invalidatedAt ?? cert.expiresAt,
              },
              app.mail.publicUrl,
            ),
          ),
        );
    },
  );
}
