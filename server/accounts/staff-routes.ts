import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { candidateEndpoint, candidatesEndpoint } from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { listRoute } from "../staff/route-builders";
import { candidateDetail, listCandidates } from "./candidates";

/** The staff face of candidates' accounts (issue 19.5): the list and one candidate's page. */
export default async function staffCandidateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  listRoute(app, candidatesEndpoint, "candidates", (db, { q, sort }, page) =>
    listCandidates(db, { q: q || undefined, sort }, page),
  );

  r.route({
    ...fromContract(candidateEndpoint),
    handler: async (request, reply) => reply.status(200).send(await candidateDetail(app.db, request.params.id)),
  });
}
