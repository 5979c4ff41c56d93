/**
 * The browser key-check engine as the server runs it: in a child process (browser-process.ts), with the
 * same outcomes as in this process, and without one AsyncLocalStorage run in the server's own process:
 * playwright-core runs every call in one, which on Node.js 20 and 22 turns on async hooks for the rest of
 * the process (docs/performance.md).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runKeyCheck } from "../../items/checks";
import { browserItem as item } from "../../testing/browser-items";
import { browserEngine } from "./browser";
import { runInChild } from "./browser-process";

const batch = [
  item(
    "p-box-001",
    {
      html: '<div id="b">x</div>',
      css: "#b { box-sizing: border-box; width: 200px; padding: 10px; border: 5px solid; }",
      probe: { box: "#b", measure: "width" },
    },
    ["200px", "230px", "170px", "210px"],
  ),
  // computes option B while the key says A: failed, with what it observed
  item(
    "p-colour-001",
    { html: '<p id="p" style="color: rgb(0, 0, 255)">x</p>', probe: { style: "#p", property: "color" } },
    ["rgb(255, 0, 0)", "rgb(0, 0, 255)", "rgb(0, 128, 0)", "rgb(0, 0, 0)"],
  ),
  item("p-invalid-001", { probe: { style: "p" } }, ["a", "b", "c", "d"]),
];

describe("the browser engine in a child process", async () => {
  const inProcess = await browserEngine.run(batch);
  const available = [...inProcess.values()].every((o) => o.status !== "unavailable");
  if (!available) console.warn("browser engine unavailable here: its child-process tests are skipped");

  afterEach(() => vi.restoreAllMocks());

  it.skipIf(!available)(
    "gives the outcomes the engine gives in this process, running no AsyncLocalStorage here",
    async () => {
      const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
      const enterWith = vi.spyOn(AsyncLocalStorage.prototype, "enterWith");
      const inChild = await runInChild(batch);
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
      expect([...inChild.entries()].sort()).toEqual([...inProcess.entries()].sort());
      expect(inChild.get("p-box-001")).toEqual({ status: "passed", observed: ["200px"] });
      expect(inChild.get("p-colour-001")).toMatchObject({ status: "failed", observed: ["rgb(0, 0, 255)"] });
    },
  );

  it.skipIf(!available)("is what an SME's save runs (server/items/checks.ts)", async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
    const result = await runKeyCheck(batch[0]!, { sqlConfigured: false });
    expect(result).toEqual({ status: "passed", output: "Passed: the check computes the key.\n\nObserved:\n200px" });
    expect(run).not.toHaveBeenCalled();
  });

  it("ends a child that passes its time limit, and every item of the batch says the check did not run", async () => {
    const out = await runInChild(batch, 50);
    for (const i of batch)
      expect(out.get(i.id)).toEqual({
        status: "unavailable",
        reason: "the browser engine did not finish within 50 ms",
      });
  });
});
