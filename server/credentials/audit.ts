import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

/** Who acts: a signed-in account (candidate, staff or admin) or the system (jobs, automatic steps). */
export interface Actor {
  id: number | null;
  role: string;
}
export const SYSTEM: Actor = { id: null, role: "system" };

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
