/**
 * The React exam's public sample bank (bank/react/*.json): it meets the blueprint and the schema, and every
 * item with a check gets its key confirmed by rendering it with react-dom 19 (server/exams/checks/react.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckOutcome } from "../checks/judge";
import { reactEngine, reactEngineAvailable } from "../checks/react";
import { loadExamBank } from "./load";
import { checkKeys } from "../../testing/check-keys";

const bank = loadExamBank("react");
const items = bank.files.flatMap((f) => f.items);
const checked = items.filter((i) => i.check);

const available = await reactEngineAvailable();
if (!available.ok)
  console.warn(`React bank: the key checks were NOT run, the react engine cannot run here (${available.reason})`);

describe("the React sample bank", () => {
  it("has a valid file for every domain, with at least 1.5 times the blueprint's questions", () => {
    expect(bank.problems).toEqual([]);
    expect(bank.files).toHaveLength(8);
  });

  it("runs its checks with the react engine", () => {
    expect(checked.length).toBeGreaterThan(items.length / 2);
    for (const item of checked) expect(item.check?.engine, item.id).toBe("react");
  });

  // the engine needs only Node (20 or later) and the project's packages: in CI a failure to start fails here
  it.runIf(!available.ok && process.env.CI)("can start the react engine in CI", () => {
    expect.fail(`the react engine cannot run: ${available.ok ? "" : available.reason}`);
  });

  describe.skipIf(!available.ok)("keys computed by rendering", () => {
    let results: Map<string, CheckOutcome>;
    beforeAll(async () => {
      // a run cut off by the time limit on a loaded machine runs once more, alone (testing/check-keys.ts)
      results = await checkKeys(reactEngine, checked, /timeout: the check/);
    }, 170000);

    it("every checked item's key is the only option the code gives", () => {
      const failures = checked.flatMap((item) => {
        const outcome = results.get(item.id);
        if (outcome?.status === "passed") return [];
        return [`${item.id}: ${JSON.stringify(outcome, null, 1)}`];
      });
      if (failures.length) console.log(failures.join("\n\n"));
      expect(failures).toEqual([]);
    });
  });
});
