import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";

export const TOKEN_MAX_LENGTH = 128;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

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

/** The user id of a live session (not revoked, not expired), or null. */
export async function userIdForToken(db: Db, token: string): Promise<number | null> {
  if (!token || token.length > TOKEN_MAX_LENGTH) return null;
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  return rows[0]?.userId ?? null;
}

export async function revokeSession(db: Db, token: string) {
  if (!token || token.length > TOKEN_MAX_LENGTH) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}
