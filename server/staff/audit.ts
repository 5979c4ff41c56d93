import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Actor } from "../credentials/audit";
import type { Db } from "../db/client";
import { auditLog, users } from "../db/schema";

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
 * The shared audit log (written by server/credentials/audit.ts `audit()`), newest first, with the
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
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(cond),
  ]);
  return { entries: rows.map((r) => ({ ...r.entry, actorEmail: r.actorEmail })), total: count?.n ?? 0 };
}
