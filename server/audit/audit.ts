/**
 * The audit log, in one module: `audit()` appends a row with the change it records (every staff action and
 * every automatic step of the certification program calls it), `listAudit()` reads it for the admins' page
 * (staff-routes.ts beside this file). Rows are never updated or deleted.
 */
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditLog, users } from "../db/schema";
import { pageWithTotal, rowCount } from "../staff/query";

/** Who acts: a signed-in account (candidate, staff or admin) or the system (jobs, automatic steps). */
export interface Actor {
  id: number | null;
  role: string;
}
export const SYSTEM: Actor = { id: null, role: "system" };
/** A candidate acting on their own account (a booking, a check-in, a sitting). */
export const candidateActor = (id: number): Actor => ({ id, role: "candidate" });

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  fromState?: string | null;
  toState?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Appends one row to the audit log (server/db/schema.ts, auditLog). Call it with the transaction of the
 * change so the change and its record are stored together. Rows are never updated or deleted.
 */
export async function audit(tx: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

/** A signed-in staff member acting in the console (the session's user), as the audit log records them. */
export type StaffActor = Actor & { id: number };

export interface AuditFilter {
  actorId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/**
 * The shared audit log (written by `audit()` above), newest first, with the
 * actor's e-mail and the total count for paging. Read-only: nothing here changes history.
 */
export async function listAudit(db: Db, f: AuditFilter) {
  const where: SQL[] = [];
  if (f.actorId !== undefined) where.push(eq(auditLog.actorId, f.actorId));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.entityId) where.push(eq(auditLog.entityId, f.entityId));
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(lt(auditLog.at, f.to));
  const cond = where.length ? and(...where) : undefined;
  const { rows, total } = await pageWithTotal(
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id)),
    f,
    db.select(rowCount).from(auditLog).where(cond),
  );
  return { rows: rows.map((r) => ({ ...r.entry, actorEmail: r.actorEmail })), total };
}
