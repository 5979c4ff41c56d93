import { and, eq, type AnyColumn } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../db/client";
import { examRegistrations, examSittings } from "../db/schema";
import { HttpError } from "../errors";
import { requireUser } from "../plugins/session";

/** The test-fixture routes of a plugin, each answering the signed-in account only (401 without a session). */
export function signedInFixtureRoutes(app: FastifyInstance) {
  app.addHook("preHandler", requireUser);
  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * The caller's own row of `table` whose `column` is `value` (a voucher by its code, a sitting by its id), or a 404
 * with `notFound`: a fixture acts on the signed-in candidate's own records only.
 */
export async function ownRow<T extends typeof examRegistrations | typeof examSittings>(
  db: Db,
  table: T,
  userId: number,
  [column, value]: [AnyColumn, string | number],
  notFound: string,
): Promise<T["$inferSelect"]> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(and(eq(column, value), eq(table.userId, userId)))) as T["$inferSelect"][];
  if (!row) throw new HttpError(404, "not_found", notFound);
  return row;
}

/** The caller's own exam sitting with this id, or a 404. */
export const ownSitting = (db: Db, userId: number, id: number) =>
  ownRow(db, examSittings, userId, [examSittings.id, id], "No sitting of yours has this id.");

/** The caller's own exam registration with this voucher code, or a 404. */
export const ownVoucher = (db: Db, userId: number, voucherCode: string) =>
  ownRow(
    db,
    examRegistrations,
    userId,
    [examRegistrations.voucherCode, voucherCode],
    "No voucher of yours has this code.",
  );
