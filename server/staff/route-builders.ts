import type { FastifyInstance } from "fastify";
import type { Endpoint, idParams, ResponseOf } from "../../app/schemas/endpoint";
import type { StaffActor } from "../audit/audit";
import type { z } from "../../app/schemas/zod";
import { fromContract } from "../contract";
import type { Db } from "../db/client";
import { actorOf } from "../plugins/session";
import { paging } from "./query";

/**
 * The route of a console list (`listEndpoint` in app/schemas/staff.ts): one page of the rows the list's
 * query finds for the filters, under the list's key, with the total they match. `view` turns a row into
 * what the answer shows, where the two differ.
 */
export function listRoute<const E extends Endpoint & { querystring: z.ZodMiniType }, Row>(
  app: FastifyInstance,
  endpoint: E,
  key: Exclude<keyof ResponseOf<E>, "total">,
  list: (
    db: Db,
    filter: z.output<E["querystring"]>,
    page: { limit: number; offset: number },
  ) => Promise<{ rows: Row[]; total: number }>,
  view?: (row: Row) => unknown,
) {
  app.route({
    ...fromContract<Endpoint>(endpoint),
    async handler(request, reply) {
      // validated by the endpoint's query schema (a console list's query has its page and page size)
      const filter = request.query as z.output<E["querystring"]> & { page?: number; pageSize?: number };
      const { rows, total } = await list(app.db, filter, paging(filter));
      return reply.status(200).send({ [key]: view ? rows.map(view) : rows, total });
    },
  });
}

/**
 * The route of a staff decision on one row of a review queue (a request, a continuing-education activity):
 * the decision as sent, by the staff member, with the site's address for the mail it sends; the answer is
 * the row as it now stands, under `key`.
 */
export function decisionRoute<const E extends Endpoint & { body: z.ZodMiniType; params: typeof idParams }, Row>(
  app: FastifyInstance,
  endpoint: E,
  key: keyof ResponseOf<E>,
  decide: (db: Db, input: z.output<E["body"]> & { id: number; actor: StaffActor; publicUrl: string }) => Promise<Row>,
) {
  app.route({
    ...fromContract<Endpoint>(endpoint),
    async handler(request, reply) {
      // the path's id and the decision, validated by the endpoint's schemas
      const { id } = request.params as z.output<typeof idParams>;
      const decision = request.body as z.output<E["body"]> & object;
      const decided = await decide(app.db, { id, ...decision, actor: actorOf(request), publicUrl: app.mail.publicUrl });
      return reply.status(200).send({ [key]: decided });
    },
  });
}
