/**
 * One load scenario: what is requested, how, and what the load generator measured. GET scenarios run on wrk
 * (bench/wrk.ts), which is not the bottleneck; POST scenarios with a body per connection (the logins) run on
 * autocannon in this process, at rates (tens a second) far below what it can send.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon, { type Result, type Client } from "autocannon";
import { root } from "../build-if-stale.mjs";
import { CLIENT_DIR, DURATION, ROUND_DURATION, ROUNDS, WARMUP } from "./config";
import { runWrk } from "./wrk";
import { cpuMicros, pause, probe, running } from "./processes";
import { clean, fmt, median } from "./report";

export interface Scenario {
  name: string;
  /** "ours", "ours at warn" or "nginx" */
  server: string;
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /** the server's processes, whose CPU time is measured */
  pids?: number[];
  /** called for each connection as it opens (autocannon's setupClient), e.g. to give it its own body */
  setupClient?: (client: Client) => void;
  /** the content-encoding the probe saw */
  encoding?: string;
  /** size and SHA-256 of the body the probe received (still compressed) */
  received?: { bytes: number; sha256: string };
}

export interface Row extends Scenario {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  bytesPerResponse: number;
  non2xx: number;
  /** 5xx answers but `shed` (autocannon counts them; wrk counts every non-2xx/3xx together: undefined) */
  s5xx?: number;
  /**
   * 503 answers with Retry-After: the password-hashing limiter shedding load when its slots and queue are full
   * (server/auth/passwords.ts), by design; autocannon's rows only
   */
  shed?: number;
  /** 2xx answers per second (autocannon's rows: the logins that succeeded, whatever else was answered) */
  okPerSecond?: number;
  errors: number;
  timeouts: number;
  /** the server's CPU time per response in microseconds (load on the machine changes it far less than req/s) */
  cpuPerRequest?: number;
  /** the load generator and its CPU time over the measurement, in % of one core */
  generator: "wrk" | "autocannon";
  generatorCpu: number;
}

type Loaded = Omit<Row, keyof Scenario | "cpuPerRequest">;

/** Checks one request of the scenario answers `expect` and records its encoding. */
export async function check(s: Scenario, expect = 200): Promise<Scenario> {
  const res = await probe(s.url, { method: s.method, headers: s.headers, body: s.body });
  if (res.status !== expect) {
    throw new Error(
      `${s.name}: ${s.method} ${s.url} answered ${res.status}, expected ${expect}: ${res.body.toString().slice(0, 300)}`,
    );
  }
  return {
    ...s,
    encoding: String(res.headers["content-encoding"] ?? "identity"),
    received: { bytes: res.body.length, sha256: createHash("sha256").update(res.body).digest("hex") },
  };
}

export interface Timing {
  /** seconds measured */
  duration: number;
  /** seconds of warm-up before, discarded */
  warmup: number;
}

/** One run of the scenario for `seconds`: wrk for a plain GET, autocannon otherwise. */
async function load(s: Scenario, seconds: number): Promise<Loaded> {
  if (s.method === "GET" && !s.setupClient && !s.body) {
    const w = await runWrk(s, seconds);
    return {
      rps: w.rps,
      p50: w.p50,
      p99: w.p99,
      max: w.max,
      total: w.total,
      bytesPerResponse: w.total ? w.bytes / w.total : 0,
      non2xx: w.non2xx,
      errors: w.errors,
      timeouts: w.timeouts,
      generator: "wrk",
      generatorCpu: (100 * w.cpuMicros) / (w.seconds * 1e6),
    };
  }
  let shed = 0;
  const instance = autocannon({
    url: s.url,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections: s.connections,
    setupClient: (client) => {
      s.setupClient?.(client);
      client.on("headers", ({ statusCode, headers }) => {
        if (statusCode === 503 && headers.some((h, i) => i % 2 === 0 && h.toLowerCase() === "retry-after")) shed++;
      });
    },
    duration: seconds,
    timeout: 10,
  });
  running.add(instance);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  try {
    const r: Result = await instance;
    const used = process.cpuUsage(cpuBefore);
    return {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      total: r.requests.total,
      bytesPerResponse: r.requests.total ? r.throughput.total / r.requests.total : 0,
      non2xx: r.non2xx,
      s5xx: r["5xx"] - shed,
      shed,
      okPerSecond: r.duration > 0 ? r["2xx"] / r.duration : 0,
      errors: r.errors,
      timeouts: r.timeouts,
      generator: "autocannon",
      generatorCpu: (100 * (used.user + used.system)) / ((performance.now() - started) * 1000),
    };
  } finally {
    running.delete(instance);
  }
}

/** The scenario's warm-up (discarded), then its measurement, with the server's CPU time over the latter. */
export async function measure(s: Scenario, timing: Timing = { duration: DURATION, warmup: WARMUP }): Promise<Row> {
  if (timing.warmup > 0) await load(s, timing.warmup);
  // autocannon leaves the warm-up's last logins in flight: let their hashes finish before the measurement
  if (s.method === "POST" && timing.warmup > 0) await pause(1000);
  const cpuBefore = s.pids ? cpuMicros(s.pids) : undefined;
  const r = await load(s, timing.duration);
  const cpuAfter = s.pids ? cpuMicros(s.pids) : undefined;
  return {
    ...s,
    ...r,
    cpuPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || !r.total ? undefined : (cpuAfter - cpuBefore) / r.total,
  };
}

/** Servers measured on the same request in turn, round after round; see `rotate`. */
export interface Comparison {
  /** per server (in the order given), its row of each round */
  sides: Row[][];
  /** no non-2xx, error or timeout in any round on any side */
  clean: boolean;
}

/** Side i's req/s over side j's: per round, and the median of the rounds (the verdict). */
export function ratioOf(c: Comparison, i: number, j: number): { ratios: number[]; ratio: number } {
  const ratios = c.sides[i]!.map((r, k) => {
    const other = c.sides[j]![k]!.rps;
    return other > 0 ? r.rps / other : 0;
  });
  return { ratios, ratio: median(ratios) };
}

/**
 * The order of the sides in round `i` (0-based) of `n` sides: the first two, which the verdict compares
 * (ours and the target), always measured one right after the other, the first of them in even rounds and
 * the second in odd ones; the other sides before or after that pair, taking turns at the front.
 */
export function roundOrder(i: number, n: number): number[] {
  if (n < 2) return n === 1 ? [0] : [];
  const pair = i % 2 === 0 ? [0, 1] : [1, 0];
  const others = Array.from({ length: n - 2 }, (_, j) => 2 + ((j + Math.floor(i / 4)) % (n - 2)));
  return Math.floor(i / 2) % 2 === 0 ? [...pair, ...others] : [...others, ...pair];
}

/**
 * Measures the same request on several servers in turn, ROUNDS times, ROUND_DURATION s each after 1 s of
 * warm-up (roundOrder: the two sides the verdict compares always next to each other, each first in every
 * other round). On a shared machine the load changes from one second to the next; taken in turn, every side
 * meets the same load, and the median of the rounds' ratios is the comparison.
 */
export async function rotate(scenarios: Scenario[]): Promise<Comparison> {
  const checked: Scenario[] = [];
  for (const s of scenarios) checked.push(await check(s));
  const names = scenarios.map((s) => s.server).join(", ");
  console.log(
    `\n▶ ${scenarios[0]!.name}: ${names} in turn, ${ROUNDS} rounds of ${ROUND_DURATION} s each (1 s warm-up)`,
  );
  const c: Comparison = { sides: scenarios.map(() => []), clean: true };
  for (let i = 0; i < ROUNDS; i++) {
    const round: Row[] = [];
    for (const k of roundOrder(i, checked.length)) {
      round[k] = await measure(checked[k]!, { duration: ROUND_DURATION, warmup: 1 });
      await pause(500);
    }
    round.forEach((r, k) => c.sides[k]!.push(r));
    c.clean &&= round.every((r) => clean(r));
    console.log(
      `  round ${i + 1}: ${round.map((r) => `${r.server} ${fmt(r.rps)} req/s (p99 ${fmt(r.p99, 1)} ms, ${r.generator} CPU ${fmt(r.generatorCpu)} %)`).join(", ")}`,
    );
  }
  return c;
}

export function biggestAsset(): string {
  const dir = path.resolve(root, CLIENT_DIR, "assets");
  const js = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size);
  if (!js.length) throw new Error(`no .js file in ${dir}`);
  return `/assets/${js[0]!.f}`;
}
