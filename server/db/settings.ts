import { eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { serverSettings } from "./schema";

/** Records the address a starting server's links begin with, for the command-line tools (server/db/schema.ts). */
export async function recordPublicUrl(db: Db, publicUrl: string): Promise<void> {
  await db
    .insert(serverSettings)
    .values({ key: "public_url", value: publicUrl })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: publicUrl, updatedAt: sql`now()` } });
}

/** The address the last server started on this database used for its links, if one has. */
export async function recordedPublicUrl(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, "public_url"));
  return row?.value;
}

/**
 * The address a command-line tool's links start with: PUBLIC_URL when set in its own environment (or .env),
 * else the one the server recorded at start-up, else the tool's default (http://HOST:PORT).
 */
export async function toolPublicUrl(db: Db, env: { PUBLIC_URL: string }): Promise<string> {
  if (process.env.PUBLIC_URL) return env.PUBLIC_URL;
  return (await recordedPublicUrl(db)) ?? env.PUBLIC_URL;
}
