import type { SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { examItems } from "../db/schema";

/** The rows of a raw SQL query, on PGlite and on PostgreSQL alike (both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The columns of an item version that forms are drawn from and item statistics are read by (select them). */
export const poolColumns = {
  itemId: examItems.itemId,
  version: examItems.version,
  domain: examItems.domain,
  options: examItems.options,
  pretest: examItems.pretest,
};
