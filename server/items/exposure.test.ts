import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examItems, itemExposure } from "../db/schema";
import { testAppWithTinyBank } from "../testing/bank";
import { knownMatrixForm, simulateSitting } from "../testing/cohort";
import type { TestContext } from "../testing/helpers";
import { rowsOf } from "./rows";
import { exposureOf } from "./exposure";

let t: TestContext;
beforeAll(async () => {
  t = await testAppWithTinyBank(["js"]);
}, 180_000);
afterAll(() => t.close());

/** Exposure counted from scratch, from every stored form: what the counter must always equal. */
async function scanned(certId: number) {
  const rows = await rowsOf<{ item_id: string; forms: number | string }>(
    t.app.db,
    sql`select e->>'itemId' as item_id, count(distinct s.id) as forms
        from exam_sittings s cross join lateral jsonb_array_elements(s.form) e
        where s.cert_id = ${certId} group by 1`,
  );
  return new Map(rows.map((r) => [r.item_id, Number(r.forms)]));
}

const sit = (form?: Parameters<typeof simulateSitting>[1]["form"]) =>
  simulateSitting(t.app.db, { certId: 1, publicUrl: "http://x", form, choose: () => null });

describe("exposure as a maintained counter (issue 30.5)", () => {
  it("counts each started form once per item, equal to a count over every stored form", async () => {
    expect(await exposureOf(t.app.db, 1)).toEqual(new Map());
    const first = await sit();
    expect(await exposureOf(t.app.db, 1)).toEqual(new Map(first.form.map((p) => [p.itemId, 1])));
    await sit();
    await sit();
    // a fixture that shows a given form instead of the drawn one moves the counts with it
    const items = await t.app.db.select().from(examItems).where(eq(examItems.certId, 1)).limit(6);
    await sit(knownMatrixForm(items));
    expect(await exposureOf(t.app.db, 1)).toEqual(await scanned(1));
    // another exam's counter is its own
    expect(await exposureOf(t.app.db, 2)).toEqual(new Map());
  });

  it("the migration's count of the forms stored before the counter equals the counter", async () => {
    const before = await exposureOf(t.app.db, 1);
    const migration = fs.readFileSync(new URL("../db/migrations/0018_item_exposure.sql", import.meta.url), "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    expect(backfill).toMatch(/INSERT INTO "item_exposure"/);
    await t.app.db.delete(itemExposure);
    await t.app.db.execute(sql.raw(backfill));
    expect(await exposureOf(t.app.db, 1)).toEqual(before);
  });

  it("the next form prefers, within each domain, the items shown least", async () => {
    const scored = (await t.app.db.select().from(examItems).where(eq(examItems.certId, 1))).filter(
      (i) => i.state === "approved" && !i.pretest,
    );
    // every other item of each domain has been shown 50 times more than it was
    const heavy = new Set<string>();
    for (const domain of new Set(scored.map((i) => i.domain)))
      scored.filter((i) => i.domain === domain).forEach((i, n) => n % 2 === 0 && heavy.add(i.itemId));
    for (const itemId of heavy)
      await t.app.db
        .insert(itemExposure)
        .values({ certId: 1, itemId, forms: 50 })
        .onConflictDoUpdate({
          target: [itemExposure.certId, itemExposure.itemId],
          set: { forms: sql`${itemExposure.forms} + 50` },
        });
    const shown = await exposureOf(t.app.db, 1);
    const s = await sit();
    let compared = 0;
    for (const domain of new Set(scored.map((i) => i.domain))) {
      const drawn = new Set(s.form.filter((p) => p.domain === domain && !p.pretest).map((p) => p.itemId));
      const inDomain = scored.filter((i) => i.domain === domain);
      const count = (id: string) => shown.get(id) ?? 0;
      const most = Math.max(...inDomain.filter((i) => drawn.has(i.itemId)).map((i) => count(i.itemId)));
      const left = inDomain.filter((i) => !drawn.has(i.itemId)).map((i) => count(i.itemId));
      if (left.length === 0) continue;
      expect(most, domain).toBeLessThanOrEqual(Math.min(...left));
      compared++;
    }
    // the bank holds more items than the form takes in at least one domain, so the preference shows
    expect(compared).toBeGreaterThan(0);
    // and it was counted
    const [row] = await t.app.db
      .select()
      .from(itemExposure)
      .where(and(eq(itemExposure.certId, 1), eq(itemExposure.itemId, s.form[0]!.itemId)));
    expect(row!.forms).toBe((shown.get(s.form[0]!.itemId) ?? 0) + 1);
  });
});
