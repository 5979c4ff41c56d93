import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examItems, examSittingAnswers, examSittings } from "../db/schema";
import { testAppWithTinyBank } from "../testing/bank";
import { accountWithRole } from "../testing/accounts";
import type { TestContext } from "../testing/helpers";
import { simulateSitting, sitKnownMatrix } from "../testing/cohort";
import { examStatistics } from "./statistics";

let t: TestContext;
beforeAll(async () => {
  t = await testAppWithTinyBank(["mysql", "htmlcss"]);
}, 180_000);
afterAll(() => t.close());

/**
 * The known response matrix of server/testing/cohort.ts (MySQL, passing 70 %):
 *   kkkka|k  kkkba|k  kkkab|a  kkab-|k  kab-k|-  kb-ak|b
 * The expected values below were worked out by hand (and checked with a short script of the textbook
 * formulas), not by the code under test.
 */
const ITEMS = [1, 2, 3, 4, 5, 6].map((n) => `mysql-fundamentals-${String(n).padStart(3, "0")}`);

describe("statistics of a known response matrix (issue 30.4)", () => {
  beforeAll(async () => {
    await sitKnownMatrix(t.app.db, {
      certId: 2,
      publicUrl: "http://x",
      items: ITEMS.map((itemId) => ({ itemId, version: 1, domain: "Fundamentals" })),
    });
  }, 120_000);

  it("per item: p-value, corrected point-biserial, option shares, exposure and the review flags", async () => {
    const s = await examStatistics(t.app.db, 2);
    const item = (n: number) => s.items.find((i) => i.itemId === ITEMS[n - 1])!;
    expect(s.items).toHaveLength(6);
    // item 1: everyone right: p = 1 (flagged too easy), r undefined (no variance)
    expect(item(1)).toMatchObject({ n: 6, p: 1, pointBiserial: null, flags: ["high_p"] });
    // item 2: 4 of 6; its scores 1,1,1,1,0,0 against the rest 3,2,2,1,2,2: r = 0
    expect(item(2).p).toBeCloseTo(4 / 6, 12);
    expect(item(2).pointBiserial).toBeCloseTo(0, 12);
    expect(item(2).flags).toEqual([]);
    // item 3: 3 of 6, r = 1/√5
    expect(item(3).p).toBeCloseTo(0.5, 12);
    expect(item(3).pointBiserial).toBeCloseTo(1 / Math.sqrt(5), 12);
    // item 4: 1 of 6 (flagged too hard), r = 1/√5
    expect(item(4).p).toBeCloseTo(1 / 6, 12);
    expect(item(4).pointBiserial).toBeCloseTo(0.4472135954999579, 12);
    expect(item(4).flags).toEqual(["low_p"]);
    // item 5: only the two weakest right: r = −0.8528 (flagged)
    expect(item(5).p).toBeCloseTo(2 / 6, 12);
    expect(item(5).pointBiserial).toBeCloseTo(-0.8528028654224418, 12);
    expect(item(5).flags).toEqual(["negative_point_biserial"]);
    // the pretest item: against the whole scored total (it is not in it): r = 1/√5
    expect(item(6)).toMatchObject({ pretest: true, n: 6 });
    expect(item(6).p).toBeCloseTo(0.5, 12);
    expect(item(6).pointBiserial).toBeCloseTo(1 / Math.sqrt(5), 12);
    // option shares in the bank's order: item 2's key is option 1 (k k k k a b), item 4's is option 3 (k b a b - a)
    expect(item(2).optionShares).toEqual([0, 4 / 6, 1 / 6, 1 / 6]);
    expect(item(2).omitted).toBe(0);
    expect(item(4).optionShares).toEqual([2 / 6, 2 / 6, 0, 1 / 6]);
    expect(item(4).omitted).toBeCloseTo(1 / 6, 12);
    // exposure: every form (6) showed each of the six items
    for (const i of s.items) expect(i).toMatchObject({ exposure: 1, forms: 6 });
  });

  it("per exam: KR-20, SEM, the distribution and the pass rate", async () => {
    const s = await examStatistics(t.app.db, 2);
    // totals 4, 3, 3, 2, 2, 2 of k = 5: mean 8/3, σ² = 5/9; Σpq = 0 + 2/9 + 1/4 + 5/36 + 2/9 = 5/6
    expect(s).toMatchObject({ sittings: 6, forms: 6, scoredItems: 5 });
    expect(s.meanScore).toBeCloseTo(8 / 3, 12);
    expect(s.sdScore).toBeCloseTo(Math.sqrt(5 / 9), 12);
    // KR-20 = 5/4 × (1 − (5/6) / (5/9)) = 5/4 × (1 − 3/2) = −0.625
    expect(s.kr20).toBeCloseTo(-0.625, 12);
    // SEM = σ √(1 − KR-20) = √(5/9 × 13/8)
    expect(s.sem).toBeCloseTo(Math.sqrt((5 / 9) * (13 / 8)), 12);
    // 80 % passes (70 %); 60 60 40 40 40 fail
    expect(s.passRate).toBeCloseTo(1 / 6, 12);
    expect(s.distribution.filter((d) => d.count > 0)).toEqual([
      { from: 40, to: 49, count: 3 },
      { from: 60, to: 69, count: 2 },
      { from: 80, to: 89, count: 1 },
    ]);
  });

  it("staff read the same values from GET /api/staff/bank/statistics; a candidate cannot", async () => {
    const statistics = (headers: Record<string, string>, certId: string) =>
      t.app.inject({ method: "GET", url: `/api/staff/bank/statistics?certId=${certId}`, headers });
    const staff = await accountWithRole(t.app, "staff");
    const res = await statistics(staff.headers, "2");
    expect(res.statusCode).toBe(200);
    expect(res.json().statistics).toEqual(JSON.parse(JSON.stringify(await examStatistics(t.app.db, 2))));
    const cand = await accountWithRole(t.app, "candidate");
    const denied = await statistics(cand.headers, "2");
    expect(denied.statusCode).toBe(403);
    const bad = await statistics(staff.headers, "x");
    expect(bad.statusCode).toBe(400);
  });
});

/** The same statistics by plain loops over the stored rows: the second, straightforward computation. */
async function byHand(certId: number) {
  const sittings = (await t.app.db.select().from(examSittings).where(eq(examSittings.certId, certId))).filter(
    (s) => s.status !== "open",
  );
  const keys = new Map(
    (await t.app.db.select().from(examItems)).map((i) => [`${i.itemId}@${i.version}`, i.key] as const),
  );
  const answers = await t.app.db.select().from(examSittingAnswers);
  const scores = new Map<string, { x: number; rest: number }[]>();
  const totals: number[] = [];
  const perSitting: { id: string; scored: boolean }[][] = [];
  for (const s of sittings) {
    const xs = s.form.map((p, i): number => {
      const a = answers.find((r) => r.sittingId === s.id && r.position === i + 1);
      const chosen = a?.choice ? p.order[p.optionIds.indexOf(a.choice)] : undefined;
      return chosen === keys.get(`${p.itemId}@${p.version}`) ? 1 : 0;
    });
    const total = xs.reduce((n, x, i) => n + (s.form[i]!.pretest ? 0 : x), 0);
    totals.push(total);
    perSitting.push(s.form.map((p) => ({ id: `${p.itemId}@${p.version}`, scored: !p.pretest })));
    s.form.forEach((p, i) => {
      const k = `${p.itemId}@${p.version}`;
      scores.set(k, [...(scores.get(k) ?? []), { x: xs[i]!, rest: total - (p.pretest ? 0 : xs[i]!) }]);
    });
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const pearson = (a: number[], b: number[]) => {
    const [ma, mb] = [mean(a), mean(b)];
    let cov = 0;
    let va = 0;
    let vb = 0;
    for (let i = 0; i < a.length; i++) {
      cov += (a[i]! - ma) * (b[i]! - mb);
      va += (a[i]! - ma) ** 2;
      vb += (b[i]! - mb) ** 2;
    }
    return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : null;
  };
  const p = new Map([...scores].map(([k, v]) => [k, mean(v.map((e) => e.x))]));
  const m = mean(totals);
  const variance = mean(totals.map((x) => (x - m) ** 2));
  const k = mean(perSitting.map((f) => f.filter((e) => e.scored).length));
  const sumpq = mean(
    perSitting.map((f) => f.filter((e) => e.scored).reduce((n, e) => n + p.get(e.id)! * (1 - p.get(e.id)!), 0)),
  );
  const kr20 = (k / (k - 1)) * (1 - sumpq / variance);
  return {
    items: new Map(
      [...scores].map(([id, v]) => [
        id,
        {
          p: p.get(id)!,
          r: pearson(
            v.map((e) => e.x),
            v.map((e) => e.rest),
          ),
        },
      ]),
    ),
    kr20,
    sem: Math.sqrt(variance) * Math.sqrt(1 - kr20),
    mean: m,
  };
}

describe("statistics of a simulated cohort on drawn forms (issue 30.4)", () => {
  it("equal the straightforward computation for every item and the exam", async () => {
    // HTML and CSS, the first item of each domain marked pretest (six: a form takes five); candidate c answers right every item whose number is above 3c
    // (a known pattern), so the strong answer more and every form differs
    await t.app.db.update(examItems).set({ pretest: true }).where(like(examItems.itemId, "htmlcss-%-001"));
    for (let c = 0; c < 8; c++)
      await simulateSitting(t.app.db, {
        certId: 4,
        publicUrl: "http://x",
        choose: (p, key) => (Number(p.itemId.slice(-3)) > 3 * c ? key : (key + 1 + (c % 3)) % 4),
      });
    const s = await examStatistics(t.app.db, 4);
    const hand = await byHand(4);
    expect(s.sittings).toBe(8);
    expect(s.meanScore).toBeCloseTo(hand.mean, 10);
    expect(s.kr20).toBeCloseTo(hand.kr20, 10);
    expect(s.sem).toBeCloseTo(hand.sem, 10);
    expect(s.items.filter((i) => i.pretest && i.n > 0).length).toBeGreaterThan(0);
    for (const i of s.items.filter((i) => i.n > 0)) {
      const h = hand.items.get(`${i.itemId}@${i.version}`)!;
      expect(i.p, i.itemId).toBeCloseTo(h.p, 10);
      if (h.r === null) expect(i.pointBiserial, i.itemId).toBeNull();
      else expect(i.pointBiserial, i.itemId).toBeCloseTo(h.r, 10);
    }
  }, 180_000);
});
