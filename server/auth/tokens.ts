import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountTokens } from "../db/schema";
import { hashToken } from "./sessions";

export type TokenPurpose = "reset" | "confirm" | "change-email";

/** How long a link sent by e-mail works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60_000,
  confirm: 24 * 3600_000,
  "change-email": 24 * 3600_000,
};

/** A new one-time token (256 random bits) for an account; only its hash is stored. */
export async function issueToken(db: Db, userId: number, purpose: TokenPurpose, email?: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    email: email ?? null,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Ends every unused link of one purpose for an account (a password reset ends the account's other reset
 * links, so an older mail cannot change the password again). Returns how many were ended.
 */
export async function endTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<number> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length;
}

/**
 * Uses a token: marks it used and returns it, or null when it is unknown, expired or already used.
 * The update is one statement, so two requests racing with the same token cannot both use it.
 */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose) {
  if (!token || token.length > 128) return null;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}
