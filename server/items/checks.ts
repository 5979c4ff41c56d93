/**
 * Runs an item's executable key check when an SME saves it (issue 30.2), with the engines the bank's tests
 * use (server/exams/checks: judge.ts's rule, one engine per `check.engine`). Each engine is loaded only when
 * an item needs it. The outcome is stored with the item version and shown in the editor:
 *
 * - passed: the engine computed the key's option and no other;
 * - failed: it computed something else (or the check is malformed): approval is refused;
 * - not_run: the engine cannot run here (no MySQL server configured in SQL_CHECK_URL, no Chromium, no
 *   sandbox): approval is refused too, saying so — an item with a check is approved only once its check
 *   has passed (docs/decisions/0024-item-authoring-in-the-console.md).
 *
 * An item without a check has no outcome (null): its key rests on the rationale and the second SME's review.
 */
import type { BankItem, ItemCheck } from "../exams/bank/schema";
import { itemCheck } from "../exams/bank/schema";
import type { CheckEngineRunner, CheckOutcome } from "../exams/checks/judge";
import type { CheckStatus } from "../../app/schemas/items";

export interface CheckResult {
  status: CheckStatus;
  /** what the editor shows: the reason, then what the engine observed */
  output: string;
}

/** the runner of each engine, imported on first use (the React engine brings large packages) */
const engines: Record<ItemCheck["engine"], () => Promise<CheckEngineRunner>> = {
  js: async () => (await import("../exams/checks/js")).jsEngine,
  sql: async () => (await import("../exams/checks/sql")).sqlEngine,
  // in a child process: playwright-core would turn on async hooks in the server (browser-child.ts)
  browser: async () => (await import("../exams/checks/browser-process")).browserEngineInChild,
  react: async () => (await import("../exams/checks/react")).reactEngine,
};

/** Parses the check text an SME wrote: null when empty, the problem's text when it is not a check. */
export function parseCheck(text: string | undefined): { check: ItemCheck | null } | { problem: string } {
  if (!text?.trim()) return { check: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { problem: `The key check is not valid JSON: ${(e as Error).message}` };
  }
  const parsed = itemCheck.safeParse(json);
  if (!parsed.success)
    return {
      problem: `The key check is not valid: ${parsed.error.issues.map((i) => `${i.path.join(".") || "check"}: ${i.message}`).join("; ")}`,
    };
  return { check: parsed.data };
}

function describe(outcome: CheckOutcome): CheckResult {
  if (outcome.status === "unavailable") return { status: "not_run", output: `Not run: ${outcome.reason}` };
  const observed = outcome.observed.length
    ? `\n\nObserved:\n${outcome.observed.map((o, i) => `${outcome.observed.length === 4 ? `option ${"ABCD"[i]}: ` : ""}${o}`).join("\n")}`
    : "";
  if (outcome.status === "passed")
    return { status: "passed", output: `Passed: the check computes the key.${observed}` };
  return { status: "failed", output: `Failed: ${outcome.reason}${observed}` };
}

/** Runs the item's check (null when it has none). `sqlConfigured`: whether SQL_CHECK_URL names a server. */
export async function runKeyCheck(item: BankItem, opts: { sqlConfigured: boolean }): Promise<CheckResult | null> {
  if (!item.check) return null;
  if (item.check.engine === "sql" && !opts.sqlConfigured)
    return {
      status: "not_run",
      output:
        "Not run: no MySQL server is configured for key checks (set SQL_CHECK_URL). An item with a check is approved only once its check has passed.",
    };
  try {
    const engine = await engines[item.check.engine]();
    const outcome = (await engine.run([item])).get(item.id);
    if (!outcome) return { status: "not_run", output: "Not run: the engine gave no answer for this item." };
    return describe(outcome);
  } catch (e) {
    return {
      status: "not_run",
      output: `Not run: the ${item.check.engine} engine failed to start (${(e as Error).message})`,
    };
  }
}
