/**
 * The browser key-check engine as the server runs it (server/items/checks.ts, when an SME saves an item
 * with a "browser" check): the same engine (browser.ts), in a child process of its own for each batch
 * (browser-child.ts), so that playwright-core's AsyncLocalStorage never turns on async hooks in the server
 * (browser-child.ts says why). The bank's own tests keep running the engine in their process.
 *
 * The child is the built `browser-check.js` beside the running server (scripts/build-server.mjs makes it),
 * or, when the server runs from its TypeScript sources (npm run dev, the tests), browser-child.ts through
 * tsx. It inherits the environment (CHROMIUM_PATH). A child that dies or passes its time limit is killed
 * and every item of its batch reads "unavailable" with the reason, as when there is no Chromium: the
 * editor says the check did not run, and approval waits for one that did.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BankItem } from "../bank/schema";
import type { ChildAnswer, ChildRequest } from "./browser-child";
import type { CheckEngineRunner, CheckOutcome } from "./judge";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Chromium's start (30 s at most) plus each item's pages (its time limits), with room to spare */
export function batchLimitMs(items: number): number {
  return 60_000 + items * 20_000;
}

function startChild(): ChildProcess {
  const built = path.join(here, "browser-check.js");
  if (fs.existsSync(built)) return fork(built, [], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  return fork(path.join(here, "browser-child.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/** Runs one batch in a new child; `limitMs` (default batchLimitMs) ends a child that takes longer. */
export function runInChild(
  items: BankItem[],
  limitMs = batchLimitMs(items.length),
): Promise<Map<string, CheckOutcome>> {
  return new Promise((resolve) => {
    const out = new Map<string, CheckOutcome>();
    let child: ChildProcess | undefined;
    let stderr = "";
    let done = false;
    const finish = (outcomes: [string, CheckOutcome][] | undefined, reason: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      for (const [id, outcome] of outcomes ?? []) out.set(id, outcome);
      for (const item of items) if (!out.has(item.id)) out.set(item.id, { status: "unavailable", reason });
      resolve(out);
    };
    const timer = setTimeout(
      () =>
        finish(
          undefined,
          `the browser engine did not finish within ${limitMs < 1000 ? `${limitMs} ms` : `${Math.round(limitMs / 1000)} s`}`,
        ),
      limitMs,
    );
    try {
      child = startChild();
    } catch (e) {
      return finish(undefined, `the browser engine's process did not start: ${(e as Error).message}`);
    }
    const started = child;
    started.stderr?.on("data", (d) => {
      if (stderr.length < 4000) stderr += String(d);
    });
    started.on("message", (m: ChildAnswer) => {
      if ("ready" in m) started.send({ items } satisfies ChildRequest);
      else if ("outcomes" in m) finish(m.outcomes, "the browser engine gave no answer for this item");
      else finish(undefined, `the browser engine failed: ${m.error}`);
    });
    started.on("error", (e) => finish(undefined, `the browser engine's process failed: ${e.message}`));
    // "close", not "exit": it comes after the IPC channel is closed, so after the child's last message
    started.on("close", (code, signal) => {
      const last = stderr.trim().split("\n").pop()?.slice(0, 300);
      finish(undefined, `the browser engine's process ended (${signal ?? code})${last ? `: ${last}` : ""}`);
    });
  });
}

export const browserEngineInChild: CheckEngineRunner = { run: (items) => runInChild(items) };
