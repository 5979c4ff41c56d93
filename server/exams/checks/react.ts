/**
 * Key-check engine "react" (bank/README.md, "Engine react"): compiles an item's JSX with esbuild and
 * renders it with the project's react and react-dom 19 in a sandboxed child process (react-sandbox.mjs),
 * as static markup (react-dom/server) or mounted in a jsdom document (react-dom/client with act), with
 * optional clicks and typing; the result is the HTML, the text content or the console lines.
 *
 * Safety for item text an SME saves: the item's code never runs in this process. One child per batch runs
 * under Node's permission model (reads only node_modules and its own script; no writes, no processes, no
 * workers, no addons), with an empty environment, a 384 MB heap and no network where `unshare -n` works;
 * each run gets a fresh global object, fresh module instances and a fresh jsdom; a run that exceeds its
 * time limit gets the child killed (the run reads "timeout") and a new child takes the remaining runs.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod";
import type { BankItem } from "../bank/schema";
import { judge, type CheckEngineRunner, type CheckOutcome } from "./judge";

const here = path.dirname(fileURLToPath(import.meta.url));
const sandboxScript = path.join(here, "react-sandbox.mjs");

const targetSpec = z.string().min(1).max(200);
const action = z.union([
  z.object({ click: targetSpec }).strict(),
  z.object({ dblclick: targetSpec }).strict(),
  z.object({ submit: targetSpec }).strict(),
  z.object({ focus: targetSpec }).strict(),
  z.object({ blur: targetSpec }).strict(),
  z.object({ check: targetSpec }).strict(),
  z.object({ keydown: targetSpec, key: z.string().max(20).optional() }).strict(),
  z.object({ change: targetSpec, value: z.string().max(500) }).strict(),
  z.object({ type: targetSpec, text: z.string().max(200) }).strict(),
  z.object({ wait: z.number().int().min(0).max(2000) }).strict(),
  z.object({ unmount: z.literal(true) }).strict(),
  z.object({ rerender: z.literal(true) }).strict(),
  z.object({ log: z.string().max(200) }).strict(),
  z.object({ print: targetSpec }).strict(),
]);

/** The engine's own fields of a check (the shared ones are in bank/schema.ts). */
export const reactCheck = z
  .object({
    engine: z.literal("react"),
    mode: z.enum(["output", "options"]),
    /** the module: JSX (or TSX with loader "tsx"); exports App (or default) to render; may import react, react-dom, react-router, Testing Library */
    code: z.string().min(1).max(20000),
    loader: z.enum(["jsx", "tsx"]).default("jsx"),
    /** "static": react-dom/server renderToStaticMarkup, no DOM; "dom": createRoot in a jsdom document, with act */
    render: z.enum(["static", "dom"]).default("static"),
    /** html: the markup; text: its text content; log: the console lines (see bank/README.md) */
    result: z.enum(["html", "text", "log"]).default("html"),
    /** render "dom": wrap App in <StrictMode> */
    strict: z.boolean().default(false),
    /** render "dom": what a user does after the first render, in order */
    actions: z.array(action).max(30).optional(),
    /** milliseconds to let timers run before the result is read */
    wait: z.number().int().min(0).max(2000).optional(),
    /** mode "options": the text in `code` replaced by each option in turn */
    placeholder: z.string().min(1).default("{{option}}"),
    optionValues: z.tuple([z.string(), z.string(), z.string(), z.string()]).optional(),
    expected: z.string().optional(),
  })
  .strict();
export type ReactCheck = z.infer<typeof reactCheck>;

/** time allowed for one run (one render and its actions), wall clock in the child */
export const runTimeoutMs = 5000;

interface Job {
  id: string;
  code: string;
  render: "static" | "dom";
  result: "html" | "text" | "log";
  strict: boolean;
  actions?: unknown[];
  wait?: number;
  timeout: number;
}

let unshareWorks: boolean | undefined;
function canUnshare(): boolean {
  if (unshareWorks === undefined) {
    const r = spawnSync("unshare", ["-n", "true"], { stdio: "ignore", timeout: 5000 });
    unshareWorks = r.status === 0;
  }
  return unshareWorks;
}

/** node_modules that hold react (the project's), the only folder the child may read besides its script */
function modulesDir(): string {
  let dir = here;
  while (!fs.existsSync(path.join(dir, "node_modules", "react", "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error("react is not installed");
    dir = up;
  }
  return fs.realpathSync(path.join(dir, "node_modules"));
}

class Sandbox {
  private child: ChildProcess;
  private ready: Promise<void>;
  private pending?: { id: string; resolve: (r: string) => void };
  private dead = false;
  /** runs given to this child; it is replaced after runsPerSandbox (each run loads React anew) */
  runs = 0;
  private stderr = "";

  constructor(modules: string) {
    const args = [
      // Node 20 names the permission model --experimental-permission; 22.13 and later, --permission
      process.allowedNodeEnvironmentFlags.has("--permission") ? "--permission" : "--experimental-permission",
      `--allow-fs-read=${modules}${path.sep}`,
      `--allow-fs-read=${fs.realpathSync(sandboxScript)}`,
      "--max-old-space-size=384",
      "--no-warnings",
      fs.realpathSync(sandboxScript),
    ];
    const [cmd, argv] = canUnshare() ? ["unshare", ["-n", process.execPath, ...args]] : [process.execPath, args];
    this.child = spawn(cmd, argv, {
      cwd: path.dirname(modules),
      env: { NODE_ENV: "development" },
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.child.stderr?.on("data", (d) => {
      if (this.stderr.length < 4000) this.stderr += String(d);
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.once("message", () => resolve());
      this.child.once("exit", (code) => {
        this.dead = true;
        reject(new Error(`the sandbox exited (${code}) before it was ready: ${this.stderr.trim().slice(0, 500)}`));
      });
    });
    this.child.on("message", (m: { id?: string; result?: unknown }) => {
      if (this.pending && m.id === this.pending.id) {
        const p = this.pending;
        this.pending = undefined;
        p.resolve(typeof m.result === "string" ? m.result : String(m.result));
      }
    });
    this.child.on("exit", () => {
      this.dead = true;
      const p = this.pending;
      this.pending = undefined;
      const crash = /heap out of memory|Allocation failed/.test(this.stderr) ? " (out of memory)" : "";
      p?.resolve(`engine: the sandbox ended during the run${crash}`);
    });
  }

  async start(): Promise<void> {
    await this.ready;
  }

  get alive(): boolean {
    return !this.dead;
  }

  run(job: Job): Promise<{ result: string; timedOut: boolean }> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        this.kill();
        resolve({ result: `timeout: the check ran longer than ${job.timeout} ms`, timedOut: true });
      }, job.timeout);
      this.pending = {
        id: job.id,
        resolve: (result) => {
          clearTimeout(timer);
          resolve({ result, timedOut: false });
        },
      };
      this.runs += 1;
      this.child.send(job);
    });
  }

  kill(): void {
    this.dead = true;
    this.child.kill("SIGKILL");
  }
}

/** esbuild turns the item's module into CommonJS the child wraps in a function; a syntax error is the run's result */
async function compile(code: string, loader: "jsx" | "tsx"): Promise<{ code: string } | { error: string }> {
  const esbuild = await import("esbuild");
  try {
    const out = await esbuild.transform(code, {
      loader,
      format: "cjs",
      jsx: "automatic",
      target: "es2022",
      logLevel: "silent",
    });
    return { code: out.code };
  } catch (e) {
    const errors = (e as { errors?: { text: string }[] }).errors;
    return { error: `compile error: ${errors?.[0]?.text ?? (e as Error).message}` };
  }
}

/** Whether a child process with Node's permission model can start here (Node 20+). */
export async function reactEngineAvailable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const box = new Sandbox(modulesDir());
    await box.start();
    box.kill();
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}

/** One item: its four programs (mode options) or one, each run in the sandbox, then the shared judge. */
async function checkItem(item: BankItem, sandbox: () => Promise<Sandbox>): Promise<CheckOutcome> {
  const parsed = reactCheck.safeParse(item.check);
  if (!parsed.success)
    return {
      status: "failed",
      reason: `the check's fields: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      observed: [],
    };
  const check = parsed.data;
  if (check.mode === "options" && !check.code.includes(check.placeholder))
    return { status: "failed", reason: `the code has no ${check.placeholder}`, observed: [] };
  const programs =
    check.mode === "output" ? [check.code] : item.options.map((o) => check.code.split(check.placeholder).join(o));
  const observed: string[] = [];
  for (const [i, program] of programs.entries()) {
    const compiled = await compile(program, check.loader);
    if ("error" in compiled) {
      observed.push(compiled.error);
      continue;
    }
    // A run that meets the time limit is given one more, in a fresh sandbox (the timed-out one was killed): a busy
    // machine (a CI runner with every test file at once) can stall a run; a program that never ends fails twice.
    let outcome: { result: string; timedOut: boolean } | undefined;
    for (let attempt = 0; attempt < 2 && (!outcome || outcome.timedOut); attempt++) {
      let box: Sandbox;
      try {
        box = await sandbox();
      } catch (e) {
        return { status: "unavailable", reason: (e as Error).message };
      }
      outcome = await box.run({
        id: `${item.id}#${i}`,
        code: compiled.code,
        render: check.render,
        result: check.result,
        strict: check.strict,
        actions: check.actions,
        wait: check.wait,
        timeout: runTimeoutMs,
      });
    }
    observed.push(outcome!.result);
  }
  return judge(item, observed);
}

/** a child's heap grows with every run's fresh React and jsdom: it is replaced after this many runs */
const runsPerSandbox = 60;

/** sandboxes run side by side (the machine has two cores) */
const parallel = 2;

export const reactEngine: CheckEngineRunner = {
  async run(items: BankItem[]): Promise<Map<string, CheckOutcome>> {
    const out = new Map<string, CheckOutcome>();
    let modules: string;
    try {
      modules = modulesDir();
    } catch (e) {
      for (const item of items) out.set(item.id, { status: "unavailable", reason: (e as Error).message });
      return out;
    }
    const boxes: Sandbox[] = [];
    const queue = [...items];
    const worker = async (slot: number) => {
      const sandbox = async (): Promise<Sandbox> => {
        if (boxes[slot]?.alive && boxes[slot].runs >= runsPerSandbox) boxes[slot].kill();
        if (!boxes[slot]?.alive) {
          boxes[slot] = new Sandbox(modules);
          await boxes[slot].start();
        }
        return boxes[slot];
      };
      for (let item = queue.shift(); item; item = queue.shift()) out.set(item.id, await checkItem(item, sandbox));
    };
    try {
      await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, (_, i) => worker(i)));
    } finally {
      for (const b of boxes) b?.kill();
    }
    return out;
  },
};
