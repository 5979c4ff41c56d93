import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { examSittings } from "../db/schema";
import type { Exposure } from "../exams/form";
import { rowsOf } from "./rows";

/**
 * Exposure (issue 30.5): for each item of an exam, by item id (all its versions), the number of forms that
 * carried it, counted from the stored forms of every sitting (open or closed), so it is never out of step
 * with what candidates were shown.
 */
export async function exposureOf(db: Db, certId: number): Promise<Exposure> {
  const rows = await rowsOf<{ item_id: string; forms: number | string }>(
    db,
    sql`select e->>'itemId' as item_id, count(distinct s.id) as forms
        from ${examSittings} s cross join lateral jsonb_array_elements(s.form) e
        where s.cert_id = ${certId}
        group by 1`,
  );
  return new Map(rows.map((r) => [r.item_id, Number(r.forms)]));
}
