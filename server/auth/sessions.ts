import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Role } from "../../app/schemas/user";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";

export const TOKEN_MAX_LENGTH = 128;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionUser {
  id: number;
  role: Role;
}

/** A new opaque token (256 random bits); only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The account of a live session (not revoked, not expired), or null. */
export async function sessionUserForToken(db: Db, token: string): Promise<SessionUser | null> {
  if (!token || token.length > TOKEN_MAX_LENGTH) return null;
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  const row = rows[0];
  return row ? { id: row.id, role: row.role as Role } : null;
}

export async function revokeSession(db: Db, token: string) {
  if (!token || token.length > TOKEN_MAX_LENGTH) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}
