import type { FastifyInstance } from "fastify";
import { decideRequestEndpoint, requestsEndpoint } from "../../app/schemas/staff";
import { decisionRoute, listRoute } from "../staff/route-builders";
import { decideRequest, listRequests } from "./decisions";

/** The staff face of requests (issue 19.6): the queues with their due dates, and a decision with its reason. */
export default async function staffRequestRoutes(app: FastifyInstance) {
  listRoute(app, requestsEndpoint, "requests", listRequests);

  decisionRoute(app, decideRequestEndpoint, "request", decideRequest);
}
