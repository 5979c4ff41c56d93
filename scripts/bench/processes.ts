/** Processes the bench starts, their clean-up on exit or interruption, and small HTTP helpers. */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
export const running = new Set<{ stop(): void }>();

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** The direct children of a process (nginx's workers), from /proc: pid and command line. */
export function childrenOf(pid: number | undefined): { pid: number; cmd: string }[] {
  if (pid === undefined || !fs.existsSync("/proc")) return [];
  const found: { pid: number; cmd: string }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // the fourth field, after the command name in parentheses, is the parent's pid
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push({ pid: Number(entry), cmd: fs.readFileSync(`/proc/${entry}/cmdline`, "utf8") });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return found;
}

/**
 * Ends a child we started (SIGTERM, then SIGKILL after `graceMs`) and waits for it; then ends any of its
 * own children that outlived it (nginx workers left behind by their master), by their pid.
 */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const grandchildren = childrenOf(child.pid);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
  await pause(grandchildren.length ? 500 : 0);
  for (const g of grandchildren) {
    try {
      if (fs.readFileSync(`/proc/${g.pid}/cmdline`, "utf8") !== g.cmd) continue; // gone, or another process now
      console.error(`ending a leftover process ${g.pid} (${g.cmd.replaceAll("\0", " ").trim()})`);
      process.kill(g.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

/**
 * Ends a child started with `detached: true` together with its process group (npm, its shell and the
 * server it starts): SIGTERM to the group, SIGKILL after `graceMs`.
 */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
  children.delete(child);
  const pid = child.pid;
  if (pid === undefined) return;
  const groupAlive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + graceMs;
  while (groupAlive() && Date.now() < deadline) await pause(100);
  if (groupAlive()) process.kill(-pid, "SIGKILL");
}

function removeTempDirs() {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export async function cleanUp() {
  for (const r of running) r.stop();
  await Promise.all([...children].map((c) => stopChild(c)));
  removeTempDirs();
}

let interrupted = false;
/** Whether SIGINT or SIGTERM arrived: the run stops and writes no report. */
export const isInterrupted = () => interrupted;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and removing the temporary folders…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// last resort if something throws past the try/finally
process.on("exit", () => {
  for (const c of children) c.kill("SIGKILL");
  removeTempDirs();
});

/** BENCH_PORTS ("4920-4929"): the ports the bench may listen on; unset: any free port the system gives. */
const portRange = (() => {
  const raw = process.env.BENCH_PORTS;
  if (!raw) return undefined;
  const m = /^(\d+)-(\d+)$/.exec(raw);
  if (!m || Number(m[1]) > Number(m[2])) throw new Error(`BENCH_PORTS must be a range like 4920-4929, got "${raw}"`);
  return { from: Number(m[1]), to: Number(m[2]) };
})();
let nextPort = portRange?.from ?? 0;

function listenable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", () => resolve(undefined));
    srv.listen(port, "127.0.0.1", () => {
      const { port: got } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(got));
    });
  });
}

/** A port nothing listens on: the next free one of BENCH_PORTS in turn, or one the system picks. */
export async function freePort(): Promise<number> {
  if (!portRange) {
    const port = await listenable(0);
    if (port === undefined) throw new Error("no free port");
    return port;
  }
  const size = portRange.to - portRange.from + 1;
  for (let i = 0; i < size; i++) {
    const port = nextPort;
    nextPort = port === portRange.to ? portRange.from : port + 1;
    if ((await listenable(port)) !== undefined) return port;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

export interface Probe {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the headers as sent, in order: name, value, name, value… */
  rawHeaders: string[];
  body: Buffer;
}

/** One request, without decompressing, to check what a scenario will receive. */
export function probe(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Probe>((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error(`no answer from ${url} within 5 s`)));
    req.end(opts.body);
  });
}

export async function waitFor(url: string, child: ChildProcess, what: string, seconds = 240, everyMs = 200) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited during start-up`);
    try {
      if ((await probe(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what} did not answer ${url} within ${seconds} s`);
}

/** Resident memory of a process in MiB (VmRSS from /proc), or undefined when it cannot be read. */
export function rssMiB(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system) the processes have used, in microseconds, from /proc (clock ticks of 10 ms, the
 * kernel's USER_HZ of 100 on Linux). Undefined when a process cannot be read.
 */
export function cpuMicros(pids: number[]): number | undefined {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return undefined;
    }
  }
  return ticks * 10_000;
}

/** Samples a process's resident memory every `everyMs` until stopped; returns the highest seen. */
export function sampleRss(pid: number | undefined, everyMs = 250): { stop(): number | undefined } {
  let peak: number | undefined;
  const take = () => {
    const now = rssMiB(pid);
    if (now !== undefined && (peak === undefined || now > peak)) peak = now;
  };
  take();
  // unref: a sampler never keeps the bench alive (BENCH_ONLY=servers returns without stopping it)
  const timer = setInterval(take, everyMs).unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}
