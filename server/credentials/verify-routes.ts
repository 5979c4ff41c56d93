import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  badgeEndpoint,
  statusListEndpoint,
  VERIFY_MESSAGES,
  verifyDocumentEndpoint,
  verifyEndpoint,
} from "../../app/schemas/credentials";
import { perClient } from "../auth/limits";
import { fromContract } from "../contract";
import { describeCertification } from "../certifications/certifications";
import { normalizeCredentialId } from "./codes";
import { isoDay } from "./state";
import { certificationsTable } from "../db/schema";
import { HttpError } from "../errors";

/** Names compared the way a person reads them: case, accents, spaces and apostrophe styles do not matter. */
export const nameKey = (s: string) =>
  s.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[’‘`]/g, "'").replace(/\s+/g, " ").trim().toLowerCase();

/** One answer for an unknown credential ID and for a wrong last name: nothing to enumerate. */
const noMatch = () => new HttpError(404, "not_found", VERIFY_MESSAGES.notFound);

/**
 * Public verification of a certification (GET /api/verify/:credentialId?lastName=), its signed Open Badges
 * 3.0 credential, the revocation status lists, and the verification of a credential file
 * (POST /api/credentials/verify). Rate-limited per client address through server/auth/limits.ts (`perClient`).
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
      // the signed credential, checked as an employer's verifier would check it
      const issued = await app.credentials.credentialOf(cert);
      const signedCredential = await app.credentials.verify(JSON.parse(issued.publicJson));
      return reply.status(200).send({
        signedCredential,
        credentialId: cert.credentialId,
        holder: `${cert.holderFirstName} ${cert.holderLastName}`,
        exam: d.examTitle,
        issued: isoDay(cert.issuedAt),
        expires: isoDay(cert.expiresAt),
        state: d.state,
      });
    },
  });

  /** Public documents that verifiers in other sites' pages may fetch. */
  const publicDocument = (reply: FastifyReply, body: unknown) =>
    reply
      .header("content-type", "application/ld+json; charset=utf-8")
      .header("access-control-allow-origin", "*")
      .header("cache-control", "no-cache")
      .send(JSON.stringify(body));

  // The certification's signed Open Badges 3.0 credential, holder named by a salted e-mail hash only.
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
      const issued = await app.credentials.credentialOf(cert);
      return publicDocument(reply, JSON.parse(issued.publicJson));
    },
  );

  // The revocation status lists: their address is in every credential, so it never changes.
  r.get(statusListEndpoint.path, { schema: fromContract(statusListEndpoint).schema }, async (request, reply) =>
    publicDocument(reply, await app.credentials.statusListCredential(request.params.list)),
  );

  // Machines verify a credential file here the way /verify does: the body is the credential.
  r.route({
    ...fromContract(verifyDocumentEndpoint),
    onRequest: perClient("credential-verify", { max: opts.rateMax, windowMs: 60_000 }),
    async handler(request, reply) {
      return reply.status(200).send(await app.credentials.verify(request.body));
    },
  });
}
