import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { TESTING_AGREEMENT_VERSION } from "../../app/data/exam-delivery";
import { certifications, examsWithDetails } from "../../app/data/exams";
import { eslExtension, testingCountries } from "../../app/data/testing-countries";
import { deliveredCounts, isDelivered } from "./blueprint";
import { clockView, deadlineOf, type ClockFacts } from "./clock";
import { assembleForm, ShortBankError } from "./form";
import { Prng } from "./prng";
import { passes, percentDown, scoreForm } from "./scoring";
import { minimumPool } from "../testing/pool";

describe("the blueprint's counts", () => {
  it("React: 91 published questions become 90, Styling 13 → 12 (ties to the later row), the rest as published", () => {
    const react = certifications.find((c) => c.slug === "react")!.details!;
    const counts = deliveredCounts(react.weights, react.items);
    expect(counts.reduce((n, c) => n + c.questions, 0)).toBe(90);
    expect(Object.fromEntries(counts.map((c) => [c.domain, c.questions]))).toEqual({
      Components: 29,
      "State Management": 10,
      "Event Handling": 10,
      "Lifecycle and Hooks": 5,
      "Rendering and Performance": 13,
      Routing: 7,
      Testing: 4,
      Styling: 12,
    });
  });

  it("the other tables sum to 90 and are delivered exactly as published", () => {
    for (const exam of examsWithDetails.filter((e) => e.slug !== "react")) {
      const counts = deliveredCounts(exam.details.weights, exam.details.items);
      expect(counts.map((c) => c.questions)).toEqual(exam.details.weights.map((w) => w.questions));
      expect(counts.reduce((n, c) => n + c.questions, 0)).toBe(90);
    }
  });

  it("removes from the domain most over its share, again after each removal", () => {
    const weights = [
      { title: "A", percent: 50, questions: 8, tasks: [] },
      { title: "B", percent: 50, questions: 4, tasks: [] },
    ];
    // shares of 10 items: 5 and 5; A is 3 over, so it gives both questions
    expect(deliveredCounts(weights, 10).map((c) => c.questions)).toEqual([6, 4]);
    // ties go to the later row
    expect(deliveredCounts([weights[0]!, { ...weights[0]!, title: "C" }], 15).map((c) => c.questions)).toEqual([8, 7]);
  });

  it("Technical Sales Specialist has no blueprint: not delivered by the engine", () => {
    expect(isDelivered(certifications.find((c) => c.slug === "tss"))).toBe(false);
    for (const e of examsWithDetails) expect(isDelivered(e)).toBe(true);
  });
});

describe("scoring: pass when correct × 100 ≥ passing % × scored, shown rounded down", () => {
  for (const exam of examsWithDetails) {
    const passing = Number(exam.details.passingScore.replace("%", ""));
    it(`${exam.shortName} (${passing} %): the boundary on 90 items`, () => {
      const needed = Math.ceil((passing * 90) / 100);
      expect(passes(needed, 90, passing)).toBe(true);
      expect(passes(needed - 1, 90, passing)).toBe(false);
      // a fail never shows the passing number
      expect(percentDown(needed - 1, 90)).toBeLessThan(passing);
      expect(percentDown(needed, 90)).toBeGreaterThanOrEqual(passing);
    });
  }

  it("73 % of 90 is 65.7: 66 pass, 65 fail (shown 72)", () => {
    expect(passes(66, 90, 73)).toBe(true);
    expect(passes(65, 90, 73)).toBe(false);
    expect(percentDown(65, 90)).toBe(72);
    expect(percentDown(66, 90)).toBe(73);
  });

  it("75 % of 90 is 67.5 (HTML and CSS): 68 pass, 67 fail; 70 % of 90 is 63: 63 pass, 62 fail", () => {
    expect([passes(68, 90, 75), passes(67, 90, 75)]).toEqual([true, false]);
    expect([passes(63, 90, 70), passes(62, 90, 70)]).toEqual([true, false]);
  });

  it("scores a form by option ids against the original key, per domain", () => {
    const form = [
      { itemId: "a", version: 1, domain: "X", order: [2, 0, 1, 3], optionIds: ["p", "q", "r", "s"] },
      { itemId: "b", version: 1, domain: "Y", order: [0, 1, 2, 3], optionIds: ["t", "u", "v", "w"] },
      { itemId: "c", version: 2, domain: "Y", order: [3, 2, 1, 0], optionIds: ["x", "y", "z", "o"] },
    ];
    // keys: a → original 0 (shown second: "q"), b → 1 ("u"), c v2 → 0 (shown last: "o")
    const keys: Record<string, number> = { "a@1": 0, "b@1": 1, "c@2": 0 };
    const s = scoreForm(form, ["q", "t", "o"], (id, v) => keys[`${id}@${v}`]!, 50, ["X", "Y"]);
    expect(s).toMatchObject({ correct: 2, scored: 3, percent: 66, pass: true });
    expect(s.domains).toEqual([
      { domain: "X", correct: 1, total: 1, percent: 100 },
      { domain: "Y", correct: 1, total: 2, percent: 50 },
    ]);
    expect(s.correctByPosition).toEqual([true, false, true]);
    expect(scoreForm(form, [null, undefined, "zzz"], (id, v) => keys[`${id}@${v}`]!, 50, ["X", "Y"]).correct).toBe(0);
  });
});

describe("forms", () => {
  const js = certifications.find((c) => c.slug === "js")!.details!;
  const counts = deliveredCounts(js.weights, js.items);
  const plan = { counts, pretest: 0 };
  const pool = minimumPool(js.weights);

  it("draws exactly the blueprint's count per domain, shuffles items and options, gives opaque unique ids", () => {
    const form = assembleForm("seed-1", plan, pool);
    expect(form).toHaveLength(90);
    for (const c of counts) expect(form.filter((p) => p.domain === c.domain)).toHaveLength(c.questions);
    expect(new Set(form.map((p) => p.itemId)).size).toBe(90);
    for (const p of form) {
      expect([...p.order].sort()).toEqual([0, 1, 2, 3]);
      expect(new Set(p.optionIds).size).toBe(4);
    }
    // the item order is not the domain order, and option orders vary
    expect(form.slice(0, 29).every((p) => p.domain === "Syntax")).toBe(false);
    expect(new Set(form.map((p) => p.order.join(""))).size).toBeGreaterThan(5);
  });

  it("the same seed rebuilds the same form, whatever the pool's order; another seed draws another", () => {
    const a = assembleForm("seed-1", plan, pool);
    expect(assembleForm("seed-1", plan, [...pool].reverse())).toEqual(a);
    const b = assembleForm("seed-2", plan, pool);
    expect(b.map((p) => p.itemId)).not.toEqual(a.map((p) => p.itemId));
  });

  it("refuses when a domain has fewer items than the form draws", () => {
    const short = pool.filter((p) => p.domain !== "Loops" || p.itemId.endsWith("-0"));
    expect(() => assembleForm("s", plan, short)).toThrow(ShortBankError);
  });

  it("the generator is deterministic and unbiased enough to reach every index", () => {
    const a = new Prng("x");
    const b = new Prng("x");
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    const seen = new Set(Array.from({ length: 400 }, () => a.below(7)));
    expect(seen.size).toBe(7);
  });
});

describe("the clock", () => {
  const start = new Date("2026-01-01T10:00:00Z");
  const facts = (over: Partial<ClockFacts> = {}): ClockFacts => ({
    startedAt: start,
    baseMinutes: 90,
    eslMinutes: 30,
    accommodationMinutes: 15,
    addedMinutes: 5,
    pauses: [],
    ...over,
  });

  it("deadline = start + base + ESL + accommodation + added + closed pauses", () => {
    expect(deadlineOf(facts())!.toISOString()).toBe("2026-01-01T12:20:00.000Z");
    const paused = facts({ pauses: [{ from: "2026-01-01T10:10:00Z", to: "2026-01-01T10:17:00Z" }] });
    expect(deadlineOf(paused)!.toISOString()).toBe("2026-01-01T12:27:00.000Z");
  });

  it("an open pause stops the clock: no deadline, the time left frozen at the pause", () => {
    const f = facts({ pauses: [{ from: "2026-01-01T11:00:00Z", to: null }] });
    expect(deadlineOf(f)).toBeNull();
    const c = clockView(f, new Date("2026-01-01T11:30:00Z"));
    expect(c).toMatchObject({ paused: true, deadline: null, remainingMs: 80 * 60_000 });
  });

  it("the view carries the server's now and never a negative time left", () => {
    const c = clockView(facts(), new Date("2026-01-01T13:00:00Z"));
    expect(c.now).toBe(Date.parse("2026-01-01T13:00:00Z"));
    expect(c.remainingMs).toBe(0);
    expect(c.minutes.total).toBe(140);
  });
});

describe("the testing place and the agreement", () => {
  it("lists the 249 ISO 3166-1 countries once each", () => {
    expect(testingCountries).toHaveLength(249);
    expect(new Set(testingCountries.map((c) => c.code)).size).toBe(249);
  });

  it("ESL: 30 minutes outside English-speaking nations, none in them, none in Quebec with the note to contact support", () => {
    expect(eslExtension("FR").minutes).toBe(30);
    expect(eslExtension("IN").minutes).toBe(30);
    expect(eslExtension("US")).toEqual({ minutes: 0, note: null });
    expect(eslExtension("GB").minutes).toBe(0);
    expect(eslExtension("CA", "ON")).toEqual({ minutes: 0, note: null });
    const qc = eslExtension("CA", "QC");
    expect(qc.minutes).toBe(0);
    expect(qc.note).toMatch(/contact support/);
  });

  it("the agreement's version stored at the start is the one the page publishes", () => {
    const mdx = fs.readFileSync(path.resolve("app/content/testing/testing-agreement.mdx"), "utf8");
    const frontmatter = parse(/^---\n([\s\S]*?)\n---/.exec(mdx)![1]!) as { version: string };
    expect(TESTING_AGREEMENT_VERSION).toBe(frontmatter.version);
  });
});
