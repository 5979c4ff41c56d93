/**
 * The sample banks' key checks as their tests run them (server/exams/bank/*.test.ts). A check cut off by an
 * engine's time limit says nothing of its key, and on a loaded machine (CI runs other test files beside
 * these) a few are: those items run once more, alone, before their outcome counts. A wrong key, or code that
 * never ends, fails both times.
 */
import type { BankItem } from "../exams/bank/schema";
import type { CheckEngineRunner, CheckOutcome } from "../exams/checks/judge";

export async function checkKeys(
  engine: CheckEngineRunner,
  items: BankItem[],
  cutOff: RegExp,
): Promise<Map<string, CheckOutcome>> {
  const outcomes = await engine.run(items);
  const again = items.filter((item) => cutOff.test(JSON.stringify(outcomes.get(item.id) ?? {})));
  if (again.length) for (const [id, outcome] of await engine.run(again)) outcomes.set(id, outcome);
  return outcomes;
}
