import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRETEST_ITEMS } from "../../app/data/exam-delivery";
import type { ScoreReport } from "../../app/schemas/exam";
import { auditLog, examItems } from "../db/schema";
import { testAppWithTinyBank } from "../testing/bank";
import { accountWithRole } from "../testing/accounts";
import type { TestContext } from "../testing/helpers";
import { exposureOf } from "./exposure";
import { simulateSitting } from "../testing/cohort";

let t: TestContext;
beforeAll(async () => {
  t = await testAppWithTinyBank(["js"]);
}, 180_000);
afterAll(() => t.close());

const mark = async (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/staff/bank/pretest", headers, payload });

describe("pretest items through the staff endpoint and a delivered form (issue 30.3)", () => {
  it("staff mark five items pretest (audited); a new form carries them unscored and still 90 items", async () => {
    const staff = await accountWithRole(t.app, "staff");
    const beta = ["js-syntax-001", "js-syntax-002", "js-arrays-001", "js-loops-001", "js-objects-001"];
    for (const itemId of beta) {
      const res = await mark(staff.headers, { itemId, version: 1, pretest: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toEqual({ itemId, version: 1, pretest: true });
    }
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "item.pretest"));
    expect(audits.map((a) => a.entityId).sort()).toEqual(beta.map((b) => `${b}@1`).sort());
    expect(audits[0]!.actorId).toBe(staff.user.id);
    // the console's item page reads the flag with the version (app/routes/staff/item.tsx)
    const [row] = await t.app.db.select().from(examItems).where(eq(examItems.itemId, beta[0]!));
    const page = await t.app.inject({ method: "GET", url: `/api/staff/items/${row!.id}`, headers: staff.headers });
    expect(page.json().item).toMatchObject({ itemId: beta[0], version: 1, pretest: true });

    // every answer right: 85 of 85 scored, the pretest answers counted nowhere
    const s = await simulateSitting(t.app.db, { certId: 1, publicUrl: "http://x", choose: (_p, key) => key });
    expect(s.form).toHaveLength(90);
    expect(
      s.form
        .filter((p) => p.pretest)
        .map((p) => p.itemId)
        .sort(),
    ).toEqual([...beta].sort());
    expect(PRETEST_ITEMS).toBe(5);
    const report = s.report as unknown as ScoreReport;
    expect(report).toMatchObject({ correct: 85, scored: 85, scorePercent: 100 });
    expect(report.domains.reduce((n, d) => n + d.total, 0)).toBe(85);

    // pretest answers wrong, all scored right: still 100 %
    const s2 = await simulateSitting(t.app.db, {
      certId: 1,
      publicUrl: "http://x",
      choose: (p, key) => (p.pretest ? (key + 1) % 4 : key),
    });
    expect((s2.report as unknown as ScoreReport).scorePercent).toBe(100);
  });

  it("a pretest item is never drawn as a scored one, and marking it scored again returns it to the pool", async () => {
    const staff = await accountWithRole(t.app, "staff");
    const s = await simulateSitting(t.app.db, { certId: 1, publicUrl: "http://x", choose: () => null });
    expect(s.form.filter((p) => p.itemId === "js-syntax-001")).toEqual([expect.objectContaining({ pretest: true })]);
    expect((await mark(staff.headers, { itemId: "js-syntax-001", version: 1, pretest: false })).statusCode).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(examItems)
      .where(and(eq(examItems.itemId, "js-syntax-001"), eq(examItems.version, 1)));
    expect(row!.pretest).toBe(false);
    // four pretest items left: the form carries four, and 86 scored
    const s2 = await simulateSitting(t.app.db, { certId: 1, publicUrl: "http://x", choose: (_p, key) => key });
    expect(s2.form.filter((p) => p.pretest)).toHaveLength(4);
    expect(s2.scored).toBe(86);
  });

  it("refuses a retired item (409), an unknown one (404), bad input (400), and a candidate (403)", async () => {
    const staff = await accountWithRole(t.app, "staff");
    await t.app.db.update(examItems).set({ state: "retired" }).where(eq(examItems.itemId, "js-scope-001"));
    const retired = await mark(staff.headers, { itemId: "js-scope-001", version: 1, pretest: true });
    expect(retired.statusCode).toBe(409);
    expect(retired.json().message).toBe("Only an approved item can be marked pretest.");
    expect((await mark(staff.headers, { itemId: "nope", version: 1, pretest: true })).statusCode).toBe(404);
    const bad = await mark(staff.headers, { itemId: "js-scope-002", version: "x", pretest: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ version: expect.any(String), pretest: expect.any(String) });
    const cand = await accountWithRole(t.app, "candidate");
    expect((await mark(cand.headers, { itemId: "js-scope-002", version: 1, pretest: true })).statusCode).toBe(403);
  });
});

describe("exposure-aware assembly in the engine (issue 30.5)", () => {
  it("counts the forms that showed each item, and the next form prefers the items shown least", async () => {
    const exposure = await exposureOf(t.app.db, 1);
    const shown = (id: string) => exposure.get(id) ?? 0;
    const s = await simulateSitting(t.app.db, { certId: 1, publicUrl: "http://x", choose: () => null });
    // within each domain, every item drawn had been shown no more often than any item left out
    const scored = (await t.app.db.select().from(examItems).where(eq(examItems.certId, 1))).filter(
      (i) => !i.pretest && i.state === "approved",
    );
    for (const domain of new Set(scored.map((i) => i.domain))) {
      const drawn = new Set(s.form.filter((p) => p.domain === domain && !p.pretest).map((p) => p.itemId));
      const inDomain = scored.filter((i) => i.domain === domain);
      const most = Math.max(...inDomain.filter((i) => drawn.has(i.itemId)).map((i) => shown(i.itemId)));
      const least = Math.min(...inDomain.filter((i) => !drawn.has(i.itemId)).map((i) => shown(i.itemId)));
      expect(most, domain).toBeLessThanOrEqual(least);
    }
    expect(new Set(exposure.values()).size).toBeGreaterThan(1); // the earlier forms left unequal counts
    const after = await exposureOf(t.app.db, 1);
    for (const p of s.form) expect(after.get(p.itemId)).toBe(shown(p.itemId) + 1);
  });
});
