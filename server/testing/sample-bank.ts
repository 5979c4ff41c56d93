/** What the sample banks' tests (server/exams/bank/*.test.ts) check of every bank alike. */
import { expect } from "vitest";
import type { CheckOutcome } from "../exams/checks/judge";
import type { loadExamBank } from "../exams/bank/load";

/** The bank has no schema or blueprint problem (each file at least 1.5 times the blueprint) and `files` domain files. */
export function expectValidBank(bank: ReturnType<typeof loadExamBank>, files: number) {
  expect(bank.problems).toEqual([]);
  expect(bank.files.length).toBe(files);
}

/** The items whose key check did not pass, each with the engine's reason and what it observed, or the outcome's status. */
export function checkFailures(list: { id: string }[], results: Map<string, CheckOutcome>): string[] {
  return list.flatMap((item) => {
    const o = results.get(item.id);
    if (o?.status === "passed") return [];
    return [
      `${item.id}: ${o?.status === "failed" ? `${o.reason}; observed ${JSON.stringify(o.observed)}` : o?.status}`,
    ];
  });
}
