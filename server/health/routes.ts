import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthEndpoint, readyEndpoint } from "../../app/schemas/health";
import { fromContract } from "../contract";

/** GET /api/health: liveness, 200 while the database answers. GET /api/ready: readiness for a load balancer. */
export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(readyEndpoint),
    async handler(_request, reply) {
      if (await app.database.ping()) return reply.status(200).send({ status: "ready" });
      return reply.status(503).send({ error: "service_unavailable", message: "The database is not answering." });
    },
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(healthEndpoint),
    async handler(_request, reply) {
      if (await app.database.ping()) return reply.status(200).send({ status: "ok" });
      return reply.status(503).send({ error: "service_unavailable", message: "The database is not answering." });
    },
  });
}
