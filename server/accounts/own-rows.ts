import { and, desc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/**
 * An account's own rows of a table (its `userId`), newest first: by `newest`, then by id. `where` narrows
 * them further. What a candidate lists of their own (exams, results, certifications, orders, with the
 * session's account) and what the console's candidate page shows of them are scoped this way.
 */
export async function ownRowsNewestFirst<T extends OwnedTable>(
  db: Db,
  table: T,
  userId: number,
  newest: PgColumn,
  ...where: SQL[]
): Promise<T["$inferSelect"][]> {
  // drizzle types a select from a table that is a type parameter only once it is a concrete table
  const owned: OwnedTable = table;
  return db
    .select()
    .from(owned)
    .where(and(eq(owned.userId, userId), ...where))
    .orderBy(desc(newest), desc(owned.id));
}

/** The account's newest row (by id) of a table that `where` also matches, if any. */
export async function newestOwnRow<T extends OwnedTable>(
  db: Db,
  table: T,
  userId: number,
  where: SQL,
): Promise<T["$inferSelect"] | undefined> {
  const owned: OwnedTable = table;
  const [row] = await db
    .select()
    .from(owned)
    .where(and(eq(owned.userId, userId), where))
    .orderBy(desc(owned.id))
    .limit(1);
  return row;
}
