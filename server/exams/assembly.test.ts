import { describe, expect, it } from "vitest";
import { PRETEST_ITEMS } from "../../app/data/exam-delivery";
import { certifications } from "../../app/data/exams";
import { deliveredCounts, formPlan } from "./blueprint";
import { assembleForm, type PoolItem } from "./form";
import { scoreForm } from "./scoring";
import { minimumPool } from "../testing/pool";

const js = certifications.find((c) => c.slug === "js")!.details!;
const pool = minimumPool(js.weights);
const pretestPool: PoolItem[] = Array.from({ length: 8 }, (_, i) => ({
  itemId: `beta-${i}`,
  version: 1,
  domain: js.weights[i % js.weights.length]!.title,
  optionCount: 4,
}));

describe("pretest items (issue 30.3)", () => {
  it(`a form carries ${PRETEST_ITEMS} unscored pretest items within its 90; the scored 85 keep the blueprint's weights`, () => {
    const plan = formPlan(js.weights, js.items, PRETEST_ITEMS, pretestPool.length);
    expect(plan.pretest).toBe(5);
    expect(plan.counts).toEqual(deliveredCounts(js.weights, 85));
    const form = assembleForm("seed-1", plan, pool, pretestPool);
    expect(form).toHaveLength(90);
    const beta = form.filter((p) => p.pretest);
    expect(beta).toHaveLength(5);
    expect(beta.every((p) => p.itemId.startsWith("beta-"))).toBe(true);
    for (const c of plan.counts)
      expect(form.filter((p) => !p.pretest && p.domain === c.domain)).toHaveLength(c.questions);
    // the pretest items are mixed among the others, not put at the end
    expect(form.slice(-5).every((p) => p.pretest)).toBe(false);
  });

  it("with no pretest item in the bank, every one of the 90 is scored, drawn exactly as before", () => {
    const plan = formPlan(js.weights, js.items, PRETEST_ITEMS, 0);
    expect(plan).toEqual({ counts: deliveredCounts(js.weights, 90), pretest: 0 });
    const form = assembleForm("seed-1", plan, pool, []);
    expect(form.some((p) => "pretest" in p)).toBe(false);
    // a known draw of the seed (the form of a sitting started before pretest items existed)
    expect(form.slice(0, 3).map((p) => p.itemId)).toEqual(
      assembleForm("seed-1", { counts: deliveredCounts(js.weights, 90), pretest: 0 }, pool)
        .slice(0, 3)
        .map((p) => p.itemId),
    );
  });

  it("with fewer pretest items than wanted, the form takes all of them and fills the rest with scored items", () => {
    const plan = formPlan(js.weights, js.items, PRETEST_ITEMS, 2);
    expect(plan.pretest).toBe(2);
    expect(plan.counts.reduce((n, c) => n + c.questions, 0)).toBe(88);
    const form = assembleForm("s", plan, pool, pretestPool.slice(0, 2));
    expect(form.filter((p) => p.pretest)).toHaveLength(2);
    expect(form).toHaveLength(90);
  });

  it("a pretest item is left out of the score and of the domain report, whatever the answer", () => {
    const form = [
      { itemId: "a", version: 1, domain: "X", order: [0, 1], optionIds: ["a0", "a1"] },
      { itemId: "b", version: 1, domain: "X", order: [0, 1], optionIds: ["b0", "b1"], pretest: true },
      { itemId: "c", version: 1, domain: "Y", order: [1, 0], optionIds: ["c1", "c0"] },
    ];
    const s = scoreForm(form, ["a0", "b0", "c1"], () => 0, 50, ["X", "Y"]);
    expect(s).toMatchObject({ correct: 1, scored: 2, percent: 50, pass: true });
    expect(s.domains).toEqual([
      { domain: "X", correct: 1, total: 1, percent: 100 },
      { domain: "Y", correct: 0, total: 1, percent: 0 },
    ]);
    // the pretest answer is still known per position (for its statistics)
    expect(s.correctByPosition).toEqual([true, true, false]);
  });
});

describe("exposure-aware assembly (issue 30.5)", () => {
  const plan = { counts: deliveredCounts(js.weights, 90), pretest: 0 };

  it("within each domain, the items shown least come first", () => {
    // every Syntax item with an even index has been shown 3 times; the odd ones never
    const exposure = new Map(pool.filter((p) => p.domain === "Syntax").map((p, i) => [p.itemId, i % 2 === 0 ? 3 : 0]));
    const form = assembleForm("seed-1", plan, pool, [], exposure);
    const syntax = form.filter((p) => p.domain === "Syntax").map((p) => Number(p.itemId.split("-")[1]));
    const neverShown = pool.filter((p) => p.domain === "Syntax" && exposure.get(p.itemId) === 0).length; // 22
    expect(syntax).toHaveLength(29);
    expect(syntax.filter((i) => i % 2 === 1)).toHaveLength(neverShown);
  });

  it("same seed and same exposure counts give the same form; other counts give another", () => {
    const exposure = new Map(pool.map((p, i) => [p.itemId, i % 5]));
    const a = assembleForm("seed-1", plan, pool, [], exposure);
    expect(assembleForm("seed-1", plan, [...pool].reverse(), [], new Map([...exposure].reverse()))).toEqual(a);
    const other = new Map(pool.map((p, i) => [p.itemId, (i + 2) % 5]));
    expect(assembleForm("seed-1", plan, pool, [], other).map((p) => p.itemId)).not.toEqual(a.map((p) => p.itemId));
  });

  it("pretest items are drawn least shown first too", () => {
    const exposure = new Map(pretestPool.map((p, i) => [p.itemId, i < 5 ? 9 : 0]));
    const form = assembleForm("x", formPlan(js.weights, 90, 5, 8), pool, pretestPool, exposure);
    const beta = form.filter((p) => p.pretest).map((p) => p.itemId);
    expect(beta.filter((id) => ["beta-5", "beta-6", "beta-7"].includes(id))).toHaveLength(3);
  });
});
