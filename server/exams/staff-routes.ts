import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { staffSittingEndpoint, staffSittingsEndpoint } from "../../app/schemas/exam";
import { fromContract } from "../contract";
import { staffSitting, staffSittings, type CloseContext } from "./sittings";

/**
 * Staff: the delivered exam sittings, each with its breakdown by domain, and one sitting's form with the
 * candidate's answers and the keys (for an appeal). Registered in the staff scope (server/app.ts).
 */
export default async function staffExamRoutes(app: FastifyInstance, opts: { now?: () => Date } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (): CloseContext => ({
    publicUrl: app.mail.publicUrl,
    now: opts.now?.() ?? new Date(),
    onRecorded: () => app.mail.worker.kick(),
  });

  r.route({
    ...fromContract(staffSittingsEndpoint),
    async handler(request, reply) {
      return reply.status(200).send({ sittings: await staffSittings(app.db, { userId: request.query.userId }, ctx()) });
    },
  });

  r.route({
    ...fromContract(staffSittingEndpoint),
    async handler(request, reply) {
      reply.header("x-robots-tag", "noindex");
      return reply.status(200).send({ sitting: await staffSitting(app.db, request.params.id, ctx()) });
    },
  });
}
