/**
 * Test helper: a bank item with a "browser" key check (mode "output" unless `check` says otherwise), for the
 * browser engine's tests (server/exams/checks/browser.test.ts, browser-process.test.ts).
 */
import type { BankItem } from "../exams/bank/schema";

export function browserItem(
  id: string,
  check: Record<string, unknown>,
  options = ["a", "b", "c", "d"],
  key = 0,
): BankItem {
  return {
    id,
    stem: "What does the page show?",
    options: options as BankItem["options"],
    key,
    rationale: "a test item for the engine",
    check: { engine: "browser", mode: "output", ...check },
  };
}
