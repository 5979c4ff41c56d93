import type { Certification, WeightedDomain } from "../../app/data/exams";

/** An exam the engine delivers: one with a published weights table and passing score. */
export function isDelivered(exam: Certification | undefined): boolean {
  return !!exam?.details && exam.details.weights.length > 0 && !!exam.details.passingScore;
}

export interface DomainCount {
  domain: string;
  questions: number;
}

/**
 * How many questions a form draws from each domain (decision 0017). Exactly the weights table's counts,
 * unless they add up to more than the exam's item count (React: 91 for 90): then one question at a time
 * is taken from the domain whose published count most exceeds its share of the items (its percent / the
 * table's total percent × items), recomputed after each removal, ties going to the later row. Computed in
 * integers (percents in hundredths), so no rounding decides a tie.
 */
export function deliveredCounts(weights: readonly WeightedDomain[], items: number): DomainCount[] {
  const counts = weights.map((w) => w.questions);
  const hundredths = weights.map((w) => Math.round(w.percent * 100));
  const totalPercent = hundredths.reduce((a, b) => a + b, 0);
  let total = counts.reduce((a, b) => a + b, 0);
  while (total > items) {
    // excess × totalPercent: counts[i] × P − percent[i] × items
    let best = -1;
    let bestExcess = -Infinity;
    for (let i = 0; i < counts.length; i++) {
      if (counts[i]! === 0) continue;
      const excess = counts[i]! * totalPercent - hundredths[i]! * items;
      if (excess >= bestExcess) {
        best = i;
        bestExcess = excess;
      }
    }
    counts[best]!--;
    total--;
  }
  return weights.map((w, i) => ({ domain: w.title, questions: counts[i]! }));
}

/** What a form holds: scored questions per domain, and how many unscored pretest items. */
export interface FormPlan {
  counts: DomainCount[];
  pretest: number;
}

/**
 * The plan of a form (issue 30.3): `pretestWanted` (PRETEST_ITEMS) of its `items` are unscored pretest items
 * when the bank holds that many for the exam, otherwise as many as it holds (none: every item scored, as
 * before); the other items are scored and follow the blueprint, spread by deliveredCounts over the scored
 * items (so the scored counts keep the published weights as closely as whole questions allow).
 */
export function formPlan(
  weights: readonly WeightedDomain[],
  items: number,
  pretestWanted: number,
  pretestAvailable: number,
): FormPlan {
  const pretest = Math.max(0, Math.min(pretestWanted, pretestAvailable, items));
  return { counts: deliveredCounts(weights, items - pretest), pretest };
}
