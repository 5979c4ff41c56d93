/**
 * The one rule every key-check engine applies to what it computed (bank/README.md, "Key checks"):
 * mode "output" — the program's result equals the key's option (or optionValues[key]) and no other;
 * mode "options" — of the four runs, one per option, exactly the key's gives `expected`.
 */
import type { BankItem } from "../bank/schema";

export type CheckOutcome =
  | { status: "passed"; observed: string[] }
  | { status: "failed"; reason: string; observed: string[] }
  /** the engine could not run here (no MySQL-compatible server, no browser): said, never counted as passed */
  | { status: "unavailable"; reason: string };

/** An engine runs many items at once (one browser, one database connection) and answers for each by id. */
export interface CheckEngineRunner {
  run(items: BankItem[]): Promise<Map<string, CheckOutcome>>;
}

/** Compares results after trimming each line's trailing spaces and the whole text's outer blank lines. */
export function normalise(s: string): string {
  return s
    .split("\n")
    .map((line) => line.replace(/\s+$/, ""))
    .join("\n")
    .trim();
}

/**
 * `observed`: mode "output" — one entry, the program's result; mode "options" — four entries, the
 * result with each option in option order.
 */
export function judge(item: BankItem, observed: string[]): CheckOutcome {
  const check = item.check;
  if (!check) return { status: "failed", reason: "the item has no check", observed };
  if (check.mode === "output") {
    if (observed.length !== 1) return { status: "failed", reason: "an output check computes one result", observed };
    const values = (check.optionValues ?? item.options).map(normalise);
    const got = normalise(observed[0]);
    const matches = values.flatMap((v, i) => (v === got ? [i] : []));
    if (matches.length === 1 && matches[0] === item.key) return { status: "passed", observed };
    const reason =
      matches.length === 0
        ? `the program gives ${JSON.stringify(got)}, which is none of the options`
        : matches.includes(item.key)
          ? `the program's result ${JSON.stringify(got)} matches more than one option`
          : `the program gives ${JSON.stringify(got)}: option ${matches[0]}, not the key ${item.key}`;
    return { status: "failed", reason, observed };
  }
  if (check.expected === undefined) return { status: "failed", reason: 'mode "options" needs expected', observed };
  if (observed.length !== 4) return { status: "failed", reason: "an options check computes four results", observed };
  const expected = normalise(check.expected);
  const hits = observed.flatMap((o, i) => (normalise(o) === expected ? [i] : []));
  if (hits.length === 1 && hits[0] === item.key) return { status: "passed", observed };
  return {
    status: "failed",
    reason: `options giving ${JSON.stringify(expected)}: [${hits.join(", ")}], key ${item.key}`,
    observed,
  };
}
