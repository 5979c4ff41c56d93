import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditLogEndpoint } from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { requireRole } from "../plugins/session";
import { listAudit } from "./audit";
import { dayRange, paging } from "../staff/query";

/** Admins only: the audit log, newest first, with filters. Read-only: nothing here changes history. */
export default async function staffAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireRole("admin"));

  r.route({
    ...fromContract(auditLogEndpoint),
    async handler(request, reply) {
      const q = request.query;
      const { limit, offset } = paging(q);
      const { from, to } = dayRange(q);
      const { entries, total } = await listAudit(app.db, {
        actorId: q.actor,
        action: q.action || undefined,
        entity: q.entity || undefined,
        entityId: q.entityId || undefined,
        from,
        to,
        limit,
        offset,
      });
      return reply.status(200).send({ entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })), total });
    },
  });
}
