/**
 * The React key-check engine itself (bank/README.md, "Engine react"): what each result reads, how React's
 * warnings and errors appear, and that an item's code cannot reach the host or outlive its time limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankItem } from "../bank/schema";
import type { CheckOutcome } from "./judge";
import { reactEngine, reactEngineAvailable } from "./react";

const available = await reactEngineAvailable();
if (!available.ok) console.warn(`React key checks skipped: the engine cannot run here (${available.reason})`);

function item(id: string, check: Record<string, unknown>, options = ["a", "b", "c", "d"]): BankItem {
  return {
    id: `t-${id}-001`,
    stem: "a test item of the engine",
    options: options as BankItem["options"],
    key: 0,
    rationale: "the engine's own test, not an exam item",
    check: { engine: "react", mode: "output", ...check } as BankItem["check"],
  };
}

const fixtures: BankItem[] = [
  item("static", { code: `export default function App() { return <p className="x">Hi {1 + 1}</p>; }` }),
  item("text", { code: `export function App() { return <div><h1>A</h1><p>b {"c"}</p></div>; }`, result: "text" }),
  item("keys", {
    code: `export function App() { return <ul>{[1, 2].map((n) => <li>{n}</li>)}</ul>; }`,
    render: "dom",
    result: "log",
  }),
  item("strict", {
    code: `import { useEffect, useState } from "react";
export function App() {
  const [n, setN] = useState(0);
  useEffect(() => { console.log("effect", n); return () => console.log("cleanup", n); }, [n]);
  return <button onClick={() => { setN(n + 1); setN(n + 1); }}>{n}</button>;
}`,
    render: "dom",
    strict: true,
    result: "log",
    actions: [{ click: "role:button" }, { unmount: true }],
  }),
  item("typing", {
    code: `import { useState } from "react";
export function App() {
  const [v, setV] = useState("");
  return <label>Name <input value={v} onChange={(e) => setV(e.target.value.toUpperCase())} /></label>;
}`,
    render: "dom",
    actions: [{ type: "label:Name", text: "ab" }],
  }),
  item("throws", { code: `export function App() { throw new Error("boom"); }`, render: "dom", result: "log" }),
  item("import", { code: `import fs from "node:fs"; export function App() { return null; }` }),
  item("syntax", { code: `export function App() { return <p>; }` }),
  item("loop", { code: `export function App() { for (;;) {} }`, render: "dom" }),
  item("host", {
    // leaves the item's global object through a host function and tries what the host process offers
    code: `const host = document.createElement.constructor("return process")();
export function App() { return null; }
const tries = {
  binding: () => host.binding("fs"),
  kill: () => host.kill(host.ppid, 0),
  dlopen: () => host.dlopen({ exports: {} }, "/nonexistent.node"),
};
for (const [name, f] of Object.entries(tries)) {
  try { f(); console.log(name, "ran"); } catch (e) { console.log(name, e.code ?? e.message); }
}
console.log(Object.keys(host.env).join(","), host.mainModule === undefined);`,
    render: "dom",
    result: "log",
    wait: 50,
  }),
  item("options", { mode: "options", code: `export const App = () => <p>{{{option}}}</p>;`, expected: "<p>3</p>" }, [
    "1 + 2",
    "'1' + 2",
    "[1, 2]",
    "1 - 2",
  ]),
];

let results: Map<string, CheckOutcome>;
const observed = (name: string) => {
  const o = results.get(`t-${name}-001`);
  return o && "observed" in o ? o.observed : [];
};

describe.skipIf(!available.ok)("the React key-check engine", () => {
  beforeAll(async () => {
    results = await reactEngine.run(fixtures);
  }, 60000);
  afterAll(() => {});

  it("renders static markup and text content", () => {
    expect(observed("static")).toEqual(['<p class="x">Hi 2</p>']);
    expect(observed("text")).toEqual(["Ab c"]);
  });

  it("shows React's development warnings as error lines", () => {
    expect(observed("keys")).toEqual(['error: Each child in a list should have a unique "key" prop.']);
  });

  it("mounts in a DOM under StrictMode, clicks, batches updates and unmounts", () => {
    expect(observed("strict")).toEqual(["effect 0\ncleanup 0\neffect 0\ncleanup 0\neffect 1\ncleanup 1"]);
  });

  it("types into a field found by its label", () => {
    expect(observed("typing")).toEqual(['<label>Name <input value="AB"></label>']);
  });

  it("reports a render error, a forbidden import and a syntax error as results", () => {
    expect(observed("throws")).toEqual(["uncaught: boom"]);
    expect(observed("import")).toEqual(['uncaught: the check cannot import "node:fs"']);
    expect(observed("syntax")[0]).toMatch(/^compile error: /);
  });

  it("stops a run that never ends and goes on with the others", () => {
    expect(observed("loop")).toEqual(["timeout: the check ran longer than 5000 ms"]);
    expect(results.get("t-options-001")?.status).toBe("passed");
  });

  it("denies the host's files and processes to code that leaves its global object", () => {
    expect(observed("host")).toEqual([
      "binding ERR_ACCESS_DENIED\nkill ERR_ACCESS_DENIED\ndlopen ERR_ACCESS_DENIED\nNODE_ENV true",
    ]);
  });
});
