import type { SQL } from "drizzle-orm";
import type { Db } from "../db/client";

/** The rows of a raw SQL query, on PGlite and on PostgreSQL alike (both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
