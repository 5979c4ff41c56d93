import type { FastifyInstance } from "fastify";
import { auditLogEndpoint } from "../../app/schemas/staff";
import { requireRole } from "../plugins/session";
import { listAudit } from "./audit";
import { dayRange } from "../staff/query";
import { listRoute } from "../staff/route-builders";

/** Admins only: the audit log, newest first, with filters. Read-only: nothing here changes history. */
export default async function staffAuditRoutes(app: FastifyInstance) {
  app.addHook("onRequest", requireRole("admin"));

  listRoute(
    app,
    auditLogEndpoint,
    "entries",
    (db, q, page) =>
      listAudit(db, {
        actorId: q.actor,
        action: q.action || undefined,
        entity: q.entity || undefined,
        entityId: q.entityId || undefined,
        ...dayRange(q),
        ...page,
      }),
    (e) => ({ ...e, at: e.at.toISOString() }),
  );
}
