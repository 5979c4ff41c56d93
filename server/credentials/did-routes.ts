import type { FastifyInstance } from "fastify";
import { didDocumentPath } from "../../app/schemas/credentials";

/** GET /.well-known/did.json: the DID document of the coalition's did:web issuer (its verification keys). */
export default async function didRoutes(app: FastifyInstance) {
  app.get(didDocumentPath, async (_request, reply) =>
    reply
      .header("content-type", "application/did+ld+json")
      .header("access-control-allow-origin", "*")
      .header("cache-control", "no-cache")
      .send(JSON.stringify(await app.credentials.didDocument())),
  );
}
