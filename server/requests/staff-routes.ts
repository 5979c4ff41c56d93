import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { decideRequestEndpoint, requestsEndpoint } from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { actorOf } from "../plugins/session";
import { paging } from "../staff/query";
import { decideRequest, listRequests } from "./decisions";

/** The staff face of requests (issue 19.6): the queues with their due dates, and a decision with its reason. */
export default async function staffRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(requestsEndpoint),
    async handler(request, reply) {
      const { rows, total } = await listRequests(app.db, request.query, paging(request.query));
      return reply.status(200).send({ requests: rows, total });
    },
  });

  r.route({
    ...fromContract(decideRequestEndpoint),
    async handler(request, reply) {
      const decided = await decideRequest(app.db, {
        id: request.params.id,
        ...request.body,
        actor: actorOf(request),
        publicUrl: app.mail.publicUrl,
      });
      return reply.status(200).send({ request: decided });
    },
  });
}
