import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { itemExposure, type FormPosition } from "../db/schema";
import type { Exposure } from "../exams/form";

/**
 * Exposure (issue 30.5): for each item of an exam, by item id (all its versions), the number of forms that
 * carried it. Read from the maintained counter (item_exposure, one row per item) rather than from every
 * stored form, so an exam start does not slow down as sittings pile up; countExposure keeps it in step in
 * the transaction that stores each form.
 */
export async function exposureOf(db: Db, certId: number): Promise<Exposure> {
  const rows = await db
    .select({ itemId: itemExposure.itemId, forms: itemExposure.forms })
    .from(itemExposure)
    .where(eq(itemExposure.certId, certId));
  return new Map(rows.map((r) => [r.itemId, r.forms]));
}

/**
 * Counts one stored form (`delta` 1), or takes one back (-1: a test fixture that puts another form in a
 * sitting's place), once per item id it carries. Item ids go in sorted order, so two starts of the same exam
 * lock the rows they share in the same order and never deadlock.
 */
export async function countExposure(db: Db, certId: number, form: readonly FormPosition[], delta: 1 | -1 = 1) {
  const ids = [...new Set(form.map((p) => p.itemId))].sort();
  if (ids.length === 0) return;
  if (delta === 1)
    await db
      .insert(itemExposure)
      .values(ids.map((itemId) => ({ certId, itemId, forms: 1 })))
      .onConflictDoUpdate({
        target: [itemExposure.certId, itemExposure.itemId],
        set: { forms: sql`${itemExposure.forms} + 1` },
      });
  else
    await db
      .update(itemExposure)
      .set({ forms: sql`greatest(${itemExposure.forms} - 1, 0)` })
      .where(and(eq(itemExposure.certId, certId), inArray(itemExposure.itemId, ids)));
}
