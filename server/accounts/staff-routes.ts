import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { candidateEndpoint, candidatesEndpoint } from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { paging } from "../staff/query";
import { candidateDetail, listCandidates } from "./candidates";

/** The staff face of candidates' accounts (issue 19.5): the list and one candidate's page. */
export default async function staffCandidateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(candidatesEndpoint),
    async handler(request, reply) {
      const { rows, total } = await listCandidates(
        app.db,
        { q: request.query.q || undefined, sort: request.query.sort },
        paging(request.query),
      );
      return reply.status(200).send({ candidates: rows, total });
    },
  });

  r.route({
    ...fromContract(candidateEndpoint),
    handler: async (request, reply) => reply.status(200).send(await candidateDetail(app.db, request.params.id)),
  });
}
