/**
 * wrk (Debian's package) as the load generator for GET scenarios: a C client with an event loop per thread,
 * which a Node.js server on the same machine does not outrun (autocannon, a Node.js process, saturated before
 * the servers it measured; issue 31.7). Its CPU time is read from bash's `times` after it exits, so the
 * report shows the generator's share of the machine beside the server's.
 */
import { spawn, spawnSync } from "node:child_process";
import type { Scenario } from "./scenarios";

export const WRK = process.env.WRK ?? "/usr/bin/wrk";

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  bytes: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** wrk's own CPU time (user + system), µs */
  cpuMicros: number;
  seconds: number;
}

/** wrk's version line, or null when it is not installed. */
export function wrkVersion(): string | null {
  const res = spawnSync(WRK, ["-v"], { encoding: "utf8" });
  const text = `${res.stdout}${res.stderr}`;
  const line = /wrk [^\s]+/.exec(text)?.[0];
  return line ?? null;
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const SIZES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** A latency as wrk prints it ("4.36ms", "567.87us", "1.02s"), in ms. */
export function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: cannot read the latency "${text}"`);
  return Number(m[1]) * UNITS[m[2]!]!;
}

/** bash's `times`: the second line is the children's user and system time ("0m1.234s 0m0.567s"). */
function childTimes(line: string): number {
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((s, m) => s + (Number(m[1]) * 60 + Number(m[2])) * 1e6, 0);
}

/** Parses wrk's output with --latency. */
export function parseWrk(out: string): Omit<WrkResult, "cpuMicros"> {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const latency = /Latency\s+(\S+)\s+(\S+)\s+(\S+)/.exec(out);
  const pct = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+(\\S+)\\s*$`, "m").exec(out);
    return m ? wrkMs(m[1]!) : NaN;
  };
  const done = /(\d+) requests in ([\d.]+)(\w+), ([\d.]+)(\w+) read/.exec(out);
  if (!done || !latency) throw new Error(`wrk: unexpected output:\n${out}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const total = Number(done[1]);
  if (Number.isNaN(pct("99"))) console.error(`wrk: no 99th percentile in its output:\n${out}`);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: pct("50"),
    p99: pct("99"),
    max: wrkMs(latency[3]!),
    total,
    bytes: Number(done[4]) * (SIZES[done[5]!] ?? 1),
    seconds: wrkMs(`${done[2]}${done[3]}`) / 1000,
    non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
  };
}

/** One wrk run of a GET scenario for `seconds`, one thread (this machine's other core serves). */
export function runWrk(s: Scenario, seconds: number, threads = 1): Promise<WrkResult> {
  const args = [`-t${threads}`, `-c${s.connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [k, v] of Object.entries(s.headers)) args.push("-H", `${k}: ${v}`);
  args.push(s.url);
  // bash runs wrk, then prints its children's CPU time with the `times` builtin
  const child = spawn("bash", ["-c", `"$0" "$@" && times`, WRK, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      const lines = out.trimEnd().split("\n");
      const times = lines.pop()!;
      lines.pop(); // the shell's own times
      try {
        resolve({ ...parseWrk(lines.join("\n")), cpuMicros: childTimes(times) });
      } catch (e) {
        reject(e as Error);
      }
    });
  });
}
