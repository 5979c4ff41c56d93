import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get("/health", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (await opts.database.ping()) return { status: "ok" };
    return reply.status(503).send({ error: "service_unavailable", message: "The database is not answering." });
  });
}
