// Helpers for the fault tests: the real server as a child process, a tiny prerendered site, raw HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, inject } from "vitest";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** A temp folder that `cleanup()` removes. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `citb-faults-${prefix}-`));
}

/** A free TCP port on 127.0.0.1 (never 3000 or 4173: the OS picks an ephemeral one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export const PAGE_MARKER = "Fault-suite home page";

/**
 * The smallest client folder server/plugins/site.ts accepts: an index.html (which turns on the
 * prerendered pages) and the SPA fallback page for unknown paths.
 */
export function fixtureClientDir(): string {
  const dir = tempDir("client");
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home</title></head><body><h1>${PAGE_MARKER}</h1></body></html>`,
  );
  fs.writeFileSync(
    path.join(dir, "__spa-fallback.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body></body></html>`,
  );
  return dir;
}

/**
 * A fault test file's folders: the fixture site and a data folder of its own, made when the file loads.
 * After the file's tests, the servers `running()` returns are killed and both folders removed.
 */
export function serverFolders(name: string, running: () => (ServerProcess | undefined)[] = () => []) {
  const folders = { clientDir: fixtureClientDir(), dataDir: tempDir(name) };
  afterAll(async () => {
    await Promise.all(running().map((server) => stopServer(server, true)));
    for (const dir of Object.values(folders)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return folders;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  stdout(): string;
  stderr(): string;
  /** resolves with the exit code (or the signal name) once the process has exited and been reaped */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** true while the process runs */
  alive(): boolean;
}

/** The environment of a server under test: complete and explicit, whatever the developer's shell or .env holds. */
export function serverEnv(opts: {
  port: number;
  dataDir: string;
  clientDir: string;
  databaseUrl?: string;
  logLevel?: string;
  env?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    // explicit, so a developer's .env cannot switch the suite to another database
    DATABASE_URL: opts.databaseUrl ?? "",
    LOG_LEVEL: opts.logLevel ?? "warn",
    CLIENT_DIR: opts.clientDir,
    TRUST_PROXY: "false",
    SHUTDOWN_TIMEOUT_MS: "10000",
    INQUIRY_RATE_MAX: "100000",
    ...opts.env,
  };
}

/**
 * Spawns the built server (`node server.js`, built once for the suite by global-setup.ts, as `npm run build`
 * builds build/server/server.js).
 */
export function spawnServer(opts: Parameters<typeof serverEnv>[0]): ServerProcess {
  return watchProcess(
    spawn(process.execPath, [inject("serverBundle")], {
      cwd: root,
      env: serverEnv(opts),
      stdio: ["ignore", "pipe", "pipe"],
    }),
    opts.port,
  );
}

/** Collects a child's output and exit; `port` is where it serves. */
export function watchProcess(child: ChildProcess, port: number): ServerProcess {
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d));
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    exited,
    alive: () => running,
  };
}

/** Polls until `check` returns a truthy value, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One HTTP request on its own connection (no keep-alive agent), with an overall timeout. */
export function request(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const started = Date.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body, ms: Date.now() - started }));
        res.on("error", reject);
      },
    );
    req.setTimeout(opts.timeoutMs ?? 15_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** Resolves once /api/health answers 200, or rejects if the process exits first. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `${server.base}/api/health to answer 200`,
    async () => {
      if (!server.alive()) throw new Error(`the server exited early; stderr:\n${server.stderr()}`);
      const r = await request(server.base, "GET", "/api/health", { timeoutMs: 2000 });
      return r.status === 200;
    },
    timeoutMs,
    100,
  );
}

/** Stops a server if it still runs (SIGKILL when `hard`), waiting for the exit. DEBUG_FAULTS=1 prints its output. */
export async function stopServer(server: ServerProcess | undefined, hard = false): Promise<void> {
  if (server && process.env.DEBUG_FAULTS) console.log(`server output:\n${server.stdout()}\n${server.stderr()}`);
  if (!server || !server.alive()) return;
  server.child.kill(hard ? "SIGKILL" : "SIGTERM");
  const timeout = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timeout);
}

/** Whether a TCP connection to the port is refused (nothing listens). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.setTimeout(2000, () => {
      s.destroy();
      resolve(false);
    });
    s.once("connect", () => {
      s.destroy();
      resolve(false);
    });
    s.once("error", (e: NodeJS.ErrnoException) => resolve(e.code === "ECONNREFUSED"));
  });
}

export const inquiryBody = (i: number, tag: string) => ({
  kind: "contact",
  name: `Fault Tester ${i}`,
  email: `fault-${tag}-${i}@example.com`,
  message: `Fault-suite message number ${i} (${tag}).`,
});

/** Runs `fn` with a PostgreSQL connection to `url`, closed afterwards. */
export async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
