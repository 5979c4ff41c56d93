/**
 * The `js` key-check engine (bank/README.md, "Key checks", engine "js"): runs an item's JavaScript and
 * returns what it logs, the way Node prints it.
 *
 * Every program runs in a fresh node:vm context, inside one worker thread (resourceLimits: heap, stack)
 * that lives in one child process (empty environment), both shared by the batch. Two time limits: each
 * evaluation in the context (the script, then each timer callback, microtasks included) is cut at
 * EVAL_TIMEOUT_MS, and the caller kills the child process when one program takes longer than
 * PROGRAM_WALL_MS in all; a fatal out-of-memory error that V8 cannot confine to the worker ends the child,
 * never the caller. node:vm is not a security boundary, so the context gets no host object at all: no
 * require, no process, no host function (console and the timers are written in the context's own realm;
 * the one host function they reach is kept in a closure), and string evaluation (eval, new Function) and
 * WebAssembly are off.
 *
 * Result of one run: the lines written with console.log (also console.info and console.debug, which
 * Node writes to stdout), each call formatted like Node's console (util.format; objects as util.inspect
 * prints them, without calling custom inspect functions), joined by "\n". Asynchronous work runs to the
 * end: microtasks after every evaluation, then timers (setTimeout, setInterval, setImmediate) in the order
 * of a virtual clock, so a 1000 ms timeout costs no real time. The run stops with a last line:
 * - `Uncaught <Name>` for an uncaught exception or unhandled rejection whose value is an Error (its name:
 *   `Uncaught TypeError`), `Uncaught <inspected value>` for any other value (`Uncaught 'oops'`); a program
 *   that does not compile gives `Uncaught SyntaxError`. As in Node, nothing runs after it.
 * - `Timed out` when an evaluation runs past the time limit, MAX_TIMER_CALLBACKS timer callbacks ran, or
 *   the program outran PROGRAM_WALL_MS.
 * - `Out of memory` when the worker's heap ran out; `Crashed` when the child process died.
 * - `Output truncated` after MAX_OUTPUT_CHARS characters of output.
 * A program that logs nothing has the empty result "".
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { BankItem } from "../bank/schema";
import { judge, type CheckEngineRunner, type CheckOutcome } from "./judge";

export const EVAL_TIMEOUT_MS = 1000;
export const PROGRAM_WALL_MS = 5000;
export const MAX_TIMER_CALLBACKS = 10000;
export const MAX_OUTPUT_CHARS = 65536;
/** mode "options": where each option's text goes in the template */
export const OPTION_PLACEHOLDER = "{{option}}";

/** Runs in the worker (eval: true, CommonJS scope): receives {n, code}, answers {n, output}. */
const workerSource = String.raw`
const { parentPort } = require("node:worker_threads");
const vm = require("node:vm");
const util = require("node:util");
const EVAL_TIMEOUT_MS = ${EVAL_TIMEOUT_MS};
const MAX_TIMER_CALLBACKS = ${MAX_TIMER_CALLBACKS};
const MAX_OUTPUT_CHARS = ${MAX_OUTPUT_CHARS};

// the context's own console, timers and queueMicrotask: code of the context's realm, so that no host
// function is reachable from the program (a host function's constructor is the host's Function)
const prelude = ${JSON.stringify(`(hostLog) => {
  "use strict";
  const log = (...args) => { hostLog(args); };
  const quiet = () => {};
  const console = { log, info: log, debug: log, warn: quiet, error: quiet, trace: quiet };
  Object.defineProperty(globalThis, "console", { value: console, writable: true, configurable: true });
  const timers = [];
  let now = 0, seq = 0, fatal = null, hasFatal = false;
  const add = (cb, ms, args, repeat) => {
    if (typeof cb !== "function") throw new TypeError('The "callback" argument must be of type function');
    const delay = Math.max(1, Number(ms) || 0);
    const t = { id: ++seq, at: now + delay, delay, seq, cb, args, repeat };
    timers.push(t);
    return t.id;
  };
  const clear = (id) => { const i = timers.findIndex((t) => t.id === id); if (i >= 0) timers.splice(i, 1); };
  globalThis.setTimeout = (cb, ms, ...args) => add(cb, ms, args, false);
  globalThis.setInterval = (cb, ms, ...args) => add(cb, ms, args, true);
  globalThis.setImmediate = (cb, ...args) => add(cb, 0, args, false);
  globalThis.clearTimeout = globalThis.clearInterval = globalThis.clearImmediate = clear;
  globalThis.queueMicrotask = (cb) => {
    if (typeof cb !== "function") throw new TypeError('The "callback" argument must be of type function');
    Promise.resolve().then(() => { try { cb(); } catch (e) { if (!hasFatal) { hasFatal = true; fatal = e; } } });
  };
  const describe = (e) => {
    try { if (e instanceof Error) return "Uncaught " + String(e.name); } catch {}
    return null;
  };
  // one macrotask: the earliest timer (ties in scheduling order); false when none is left
  const tick = () => {
    if (timers.length === 0) return false;
    let k = 0;
    for (let i = 1; i < timers.length; i++)
      if (timers[i].at < timers[k].at || (timers[i].at === timers[k].at && timers[i].seq < timers[k].seq)) k = i;
    const t = timers[k];
    now = t.at;
    if (t.repeat) { t.at = now + t.delay; t.seq = ++seq; } else timers.splice(k, 1);
    t.cb(...t.args);
    return true;
  };
  Object.defineProperty(globalThis, "__tick", { value: tick });
  return { describe, fatal: () => (hasFatal ? { error: fatal } : null) };
}`)};

function run(code) {
  let output = "";
  let truncated = false;
  const hostLog = (args) => {
    if (truncated) return;
    const line = util.formatWithOptions({ customInspect: false }, ...args);
    output += (output ? "\n" : "") + line;
    if (output.length > MAX_OUTPUT_CHARS) {
      output = output.slice(0, MAX_OUTPUT_CHARS);
      truncated = true;
    }
  };
  const context = vm.createContext(Object.create(null), {
    microtaskMode: "afterEvaluate",
    codeGeneration: { strings: false, wasm: false },
  });
  const env = vm.runInContext(prelude, context)(hostLog);
  const rejections = [];
  const onRejection = (reason) => rejections.push(reason);
  process.on("unhandledRejection", onRejection);
  const finish = (last) => {
    process.off("unhandledRejection", onRejection);
    if (truncated) last = "Output truncated";
    return last ? output + (output ? "\n" : "") + last : output;
  };
  const uncaught = (e) => {
    if (e && typeof e === "object" && e.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return "Timed out";
    if (e instanceof Error) return "Uncaught " + e.name; // a host-realm error: the compiler's SyntaxError
    let name = null;
    try { name = env.describe(e); } catch {}
    if (name) return name;
    try { return "Uncaught " + util.inspect(e, { customInspect: false }); } catch { return "Uncaught"; }
  };
  // after every evaluation: an exception in a queueMicrotask callback, then unhandled rejections (Node
  // reports them once the microtasks are done, before the next timer)
  const settle = () =>
    new Promise((resolve) => setImmediate(() => {
      const f = env.fatal();
      if (f) return resolve(uncaught(f.error));
      if (rejections.length) return resolve(uncaught(rejections[0]));
      resolve(truncated ? "Output truncated" : null);
    }));
  return (async () => {
    let script;
    try {
      script = new vm.Script(code, { filename: "item.js" });
    } catch (e) {
      return finish(uncaught(e));
    }
    try {
      script.runInContext(context, { timeout: EVAL_TIMEOUT_MS });
    } catch (e) {
      return finish(uncaught(e));
    }
    let stop = await settle();
    if (stop) return finish(stop);
    const tick = new vm.Script("__tick()");
    for (let n = 0; ; n++) {
      if (n >= MAX_TIMER_CALLBACKS) return finish("Timed out");
      let more;
      try {
        more = tick.runInContext(context, { timeout: EVAL_TIMEOUT_MS });
      } catch (e) {
        return finish(uncaught(e));
      }
      stop = await settle();
      if (stop) return finish(stop);
      if (!more) return finish(null);
    }
  })();
}

parentPort.on("message", async ({ n, code }) => {
  let output;
  try {
    output = await run(code);
  } catch (e) {
    output = "Engine error: " + (e && e.message);
  }
  parentPort.postMessage({ n, output });
});
`;

/**
 * Runs in a child process (node -e): keeps one worker thread (resourceLimits) for the programs it is sent,
 * and starts a new one when a worker runs out of memory. A fatal out-of-memory error that V8 cannot
 * confine to the worker ends this process only, never the caller's.
 */
const hostSource = String.raw`
const { Worker } = require("node:worker_threads");
const workerSource = ${JSON.stringify(workerSource)};
let worker = null;
let pending = null;
const answer = (n, output) => { pending = null; process.send({ n, output }); };
const start = () => {
  const w = new Worker(workerSource, {
    eval: true,
    env: {},
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  w.on("message", (m) => { if (pending === m.n) answer(m.n, m.output); });
  const lost = (why) => {
    if (worker !== w) return;
    worker = null;
    if (pending !== null) answer(pending, why);
  };
  w.on("error", (e) => lost(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? "Out of memory" : "Engine error: " + e.message));
  w.on("exit", () => lost("Engine error: the worker stopped"));
  return w;
};
process.on("message", ({ n, code }) => {
  worker = worker || start();
  pending = n;
  worker.postMessage({ n, code });
});
process.on("disconnect", () => process.exit(0));
`;

/** One program, with where its result goes. */
interface Job {
  code: string;
  done: (output: string) => void;
}

/**
 * Sends programs one after another to the child process; a program past its wall-clock limit, or a child
 * that dies, costs that program its result ("Timed out", "Crashed") and a new child for the next one.
 */
class Runner {
  private child: ChildProcess | null = null;
  private pending: { n: number; job: Job; timer: NodeJS.Timeout } | null = null;
  private queue: Job[] = [];
  private seq = 0;

  private start(): ChildProcess {
    const c = spawn(process.execPath, ["--max-old-space-size=256", "-e", hostSource], {
      env: {},
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    c.on("message", (m: { n: number; output: string }) => {
      if (this.pending?.n !== m.n) return;
      const { job, timer } = this.pending;
      clearTimeout(timer);
      this.pending = null;
      job.done(m.output);
      this.next();
    });
    const lost = (why: string) => {
      if (this.child !== c) return;
      this.child = null;
      if (this.pending) {
        const { job, timer } = this.pending;
        clearTimeout(timer);
        this.pending = null;
        job.done(why);
        this.next();
      } else this.failAll(why);
    };
    c.on("error", (e) => lost(`Engine error: ${e.message}`));
    c.on("exit", () => lost("Crashed"));
    return c;
  }

  /** the child could not start: every waiting program gets the reason */
  private failAll(why: string) {
    for (const job of this.queue.splice(0)) job.done(why);
  }

  run(code: string): Promise<string> {
    return new Promise((done) => {
      this.queue.push({ code, done });
      if (!this.pending) this.next();
    });
  }

  private next() {
    const job = this.queue.shift();
    if (!job) return;
    this.child ??= this.start();
    const c = this.child;
    const n = ++this.seq;
    const timer = setTimeout(() => {
      // the program outran its wall-clock limit: end the process, answer, carry on with a new one
      this.child = null;
      this.pending = null;
      c.kill("SIGKILL");
      job.done("Timed out");
      this.next();
    }, PROGRAM_WALL_MS);
    this.pending = { n, job, timer };
    c.send({ n, code: job.code });
  }

  close() {
    const c = this.child;
    this.child = null;
    if (c && c.exitCode === null) c.kill();
  }
}

/** Runs a batch of programs (each in a fresh context) and returns their results in order. */
export async function runPrograms(programs: string[]): Promise<string[]> {
  const runner = new Runner();
  try {
    return await Promise.all(programs.map((p) => runner.run(p)));
  } finally {
    runner.close();
  }
}

/** The programs an item's check runs, or why the check is malformed. */
function programsOf(item: BankItem): string[] | string {
  const check = item.check as Record<string, unknown> | undefined;
  if (!check || check.engine !== "js") return "not a js check";
  if (check.mode === "output") {
    if (typeof check.code !== "string" || !check.code.trim()) return 'mode "output" needs "code", a program';
    return [check.code];
  }
  if (typeof check.template !== "string" || !check.template.includes(OPTION_PLACEHOLDER))
    return `mode "options" needs "template", a program containing ${OPTION_PLACEHOLDER}`;
  if (typeof check.expected !== "string") return 'mode "options" needs "expected"';
  const template = check.template;
  return item.options.map((o) => template.split(OPTION_PLACEHOLDER).join(o));
}

export const jsEngine: CheckEngineRunner = {
  async run(items) {
    const results = new Map<string, CheckOutcome>();
    const planned: { item: BankItem; from: number; count: number }[] = [];
    const programs: string[] = [];
    for (const item of items) {
      const p = programsOf(item);
      if (typeof p === "string") {
        results.set(item.id, { status: "failed", reason: p, observed: [] });
        continue;
      }
      planned.push({ item, from: programs.length, count: p.length });
      programs.push(...p);
    }
    // a probe first: a machine where the child process or its worker cannot start answers "unavailable"
    const [probe, ...outputs] = await runPrograms(['console.log("ready");', ...programs]);
    if (probe !== "ready") {
      const reason = `the JavaScript engine cannot run here: ${probe}`;
      for (const { item } of planned) results.set(item.id, { status: "unavailable", reason });
      return results;
    }
    for (const { item, from, count } of planned) results.set(item.id, judge(item, outputs.slice(from, from + count)));
    return results;
  },
};
