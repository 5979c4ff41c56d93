/**
 * The JavaScript exam's public sample bank (bank/js): every file is valid and meets the blueprint, and
 * every item's key check passes when the `js` engine runs it (a wrong key fails here and in CI).
 */
import { describe, expect, it } from "vitest";
import { jsEngine, runPrograms } from "../checks/js";
import type { CheckOutcome } from "../checks/judge";
import { loadExamBank } from "./load";
import { checkFailures, expectValidBank } from "../../testing/sample-bank";

const bank = loadExamBank("js");
const items = bank.files.flatMap((f) => f.items);
const checked = items.filter((i) => i.check?.engine === "js");

// the engine needs worker threads and node:vm; find out once whether it runs here
let unavailable: string | null = null;
let outcomes = new Map<string, CheckOutcome>();
try {
  outcomes = await jsEngine.run(checked);
  const first = [...outcomes.values()].find((o) => o.status === "unavailable");
  if (first?.status === "unavailable") unavailable = first.reason;
} catch (e) {
  unavailable = `the js engine failed to start: ${(e as Error).message}`;
}
if (unavailable) console.warn(`bank/js: key checks skipped, ${unavailable}`);

describe("bank/js", () => {
  it("has every domain file, valid and at least 1.5 times the blueprint", () => expectValidBank(bank, 8));

  it("checks well over 80 % of its items by running them", () => {
    expect(checked.length / items.length).toBeGreaterThan(0.8);
  });

  it("checks the program its stem shows", () => {
    // output: the stem's code block is the check's code; options: the template is the block with ___ (or
    // the one line a "which replacement for line n" item asks about) taken by {{option}}
    const mismatched = checked.flatMap((item) => {
      const check = item.check as { mode: string; code?: string; template?: string };
      const block = /```js\n([\s\S]*?)\n```/.exec(item.stem)?.[1];
      if (block === undefined) return check.mode === "output" ? [`${item.id}: the stem shows no code`] : [];
      if (check.mode === "output") return block === check.code ? [] : [`${item.id}: code differs from the stem`];
      const template = check.template ?? "";
      if (block.includes("___")) return block.replace("___", "{{option}}") === template ? [] : [`${item.id}: template`];
      const line = Number(/line (\d+)/.exec(item.stem)?.[1]);
      const lines = block.split("\n");
      lines[line - 1] = "{{option}}";
      return lines.join("\n") === template ? [] : [`${item.id}: template differs from the stem's program`];
    });
    expect(mismatched).toEqual([]);
  });

  it.skipIf(unavailable !== null)("passes every key check run by the js engine", () => {
    const failures = checkFailures(checked, outcomes);
    expect(failures, failures.join("\n")).toEqual([]);
    expect(outcomes.size).toBe(checked.length);
  });
});

describe.skipIf(unavailable !== null)("the js engine", () => {
  it("prints like Node's console, including asynchronous output in event-loop order", async () => {
    const [out] = await runPrograms([
      `setTimeout(() => console.log("timer"), 0);
       Promise.resolve().then(() => console.log("promise"));
       queueMicrotask(() => console.log("microtask"));
       console.log("sync", [1, "a"], { b: new Map([[1, 2]]) });`,
    ]);
    expect(out).toBe("sync [ 1, 'a' ] { b: Map(1) { 1 => 2 } }\npromise\nmicrotask\ntimer");
  });

  it("ends a program at an uncaught exception or rejection, and at a syntax error", async () => {
    const outs = await runPrograms([
      `console.log(1); null.x; console.log(2);`,
      `setTimeout(() => console.log("never")); Promise.reject(new RangeError("r"));`,
      `console.log(1); let = ;`,
      `throw "oops";`,
    ]);
    expect(outs).toEqual(["1\nUncaught TypeError", "Uncaught RangeError", "Uncaught SyntaxError", "Uncaught 'oops'"]);
  });

  it("cuts endless programs, gives the context no host object, and keeps items apart", async () => {
    const outs = await runPrograms([
      `while (true) {}`,
      `setInterval(() => {}, 10);`,
      `console.log(typeof process, typeof require, typeof Buffer); globalThis.leak = 1;`,
      `console.log(typeof leak); console.log.constructor("return process")();`,
      // a stack-trace hook sees a function or receiver only in the program's own frame (toString), none in
      // the host frames (util.format) below it
      `Error.prepareStackTrace = (e, frames) => frames.filter((f) => f.getThis() !== undefined || f.getFunction() !== undefined).length;
       console.log("%s", { toString: () => String(new Error().stack) });`,
      `Array.prototype.push = null; console.log("patched");`,
      `const a = []; a.push(1); console.log(a);`,
    ]);
    expect(outs).toEqual([
      "Timed out",
      "Timed out",
      "undefined undefined undefined",
      "undefined\nUncaught EvalError",
      "1",
      "patched",
      "[ 1 ]",
    ]);
  });

  it("confines a program that exhausts its memory and runs the next one", async () => {
    const outs = await runPrograms([`const a = []; for (;;) a.push(new Array(1e7).fill(1));`, `console.log("next");`]);
    expect(["Out of memory", "Crashed", "Timed out"]).toContain(outs[0]);
    expect(outs[1]).toBe("next");
  });
});
