import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { importResultsEndpoint, recordResultEndpoint } from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { actorOf } from "../plugins/session";
import { importResults, recordOne } from "./import";

/** The staff face of results (issue 19.5): one result recorded by hand, or a CSV of them checked and imported. */
export default async function staffResultRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(recordResultEndpoint),
    async handler(request, reply) {
      const recorded = await recordOne(app.db, request.body, actorOf(request), app.mail.publicUrl);
      return reply.status(201).send({ recorded });
    },
  });

  r.route({
    ...fromContract(importResultsEndpoint),
    async handler(request, reply) {
      const { csv, commit } = request.body;
      return reply.status(200).send(await importResults(app.db, csv, commit, actorOf(request), app.mail.publicUrl));
    },
  });
}
