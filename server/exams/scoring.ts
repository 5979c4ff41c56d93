import type { FormPosition } from "../db/schema";

/**
 * Scoring (decision 0020), one pure module: score = correct / scored items (a form's unscored pretest items,
 * issue 30.3, are left out of both); a candidate passes when
 * correct × 100 ≥ passing % × scored items, exactly, with no rounding (73 % of 90 items is 65.7: 66
 * correct pass, 65 fail). The percentage shown is rounded down to a whole number, so a fail never shows
 * the passing number (65/90 = 72.2 % shows 72, not 73).
 */

export function passes(correct: number, scored: number, passingPercent: number): boolean {
  return correct * 100 >= passingPercent * scored;
}

/** correct / total × 100 rounded down (0 for an empty total). */
export function percentDown(correct: number, total: number): number {
  return total === 0 ? 0 : Math.floor((correct * 100) / total);
}

/** The exact percentage, for the recorded attempt (two decimals, never rounded up past the passing line). */
export function percentExact(correct: number, total: number): number {
  return total === 0 ? 0 : Math.floor((correct * 10000) / total) / 100;
}

export interface DomainResult {
  domain: string;
  correct: number;
  total: number;
  percent: number;
}

export interface Score {
  correct: number;
  scored: number;
  percent: number;
  exactPercent: number;
  pass: boolean;
  domains: DomainResult[];
  /** per position (pretest items too): was the saved choice the key */
  correctByPosition: boolean[];
}

/**
 * Scores a form: `choices[i]` is the option id saved at position i + 1 (or null), `keyOf` gives an item
 * version's key (its original option index). Domains are reported in `domainOrder` (the weights table's).
 */
export function scoreForm(
  form: readonly FormPosition[],
  choices: readonly (string | null | undefined)[],
  keyOf: (itemId: string, version: number) => number,
  passingPercent: number,
  domainOrder: readonly string[],
): Score {
  const byDomain = new Map<string, { correct: number; total: number }>(
    domainOrder.map((d) => [d, { correct: 0, total: 0 }]),
  );
  const correctByPosition = form.map((p, i) => {
    const key = keyOf(p.itemId, p.version);
    const choice = choices[i];
    const chosenOriginal = choice ? p.order[p.optionIds.indexOf(choice)] : undefined;
    const right = chosenOriginal !== undefined && chosenOriginal === key;
    // an unscored pretest item (issue 30.3) counts in neither the score nor the domain report
    if (p.pretest) return right;
    const d = byDomain.get(p.domain) ?? { correct: 0, total: 0 };
    d.total++;
    if (right) d.correct++;
    byDomain.set(p.domain, d);
    return right;
  });
  const correct = correctByPosition.filter((right, i) => right && !form[i]!.pretest).length;
  const scored = form.filter((p) => !p.pretest).length;
  return {
    correct,
    scored,
    percent: percentDown(correct, scored),
    exactPercent: percentExact(correct, scored),
    pass: passes(correct, scored, passingPercent),
    domains: [...byDomain].map(([domain, d]) => ({ domain, ...d, percent: percentDown(d.correct, d.total) })),
    correctByPosition,
  };
}
