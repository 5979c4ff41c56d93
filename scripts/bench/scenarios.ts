/** One load scenario: what is requested, how, and what autocannon measured. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon, { type Result, type Client } from "autocannon";
import { root } from "../build-if-stale.mjs";
import { CLIENT_DIR, DURATION, ROUND_DURATION, ROUNDS, WARMUP } from "./config";
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
  s5xx: number;
  errors: number;
  timeouts: number;
  /** the server's CPU time per response in microseconds (load on the machine changes it far less than req/s) */
  cpuPerRequest?: number;
}

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

/** One autocannon run of the scenario for `seconds`. */
async function load(s: Scenario, seconds: number): Promise<Result> {
  const instance = autocannon({
    url: s.url,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections: s.connections,
    setupClient: s.setupClient,
    duration: seconds,
    timeout: 10,
  });
  running.add(instance);
  try {
    return await instance;
  } finally {
    running.delete(instance);
  }
}

/** The scenario's warm-up (discarded), then its measurement, with the server's CPU time over the latter. */
export async function measure(s: Scenario, timing: Timing = { duration: DURATION, warmup: WARMUP }): Promise<Row> {
  if (timing.warmup > 0) await load(s, timing.warmup);
  const cpuBefore = s.pids ? cpuMicros(s.pids) : undefined;
  const r = await load(s, timing.duration);
  const cpuAfter = s.pids ? cpuMicros(s.pids) : undefined;
  return {
    ...s,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    bytesPerResponse: r.requests.total ? r.throughput.total / r.requests.total : 0,
    non2xx: r.non2xx,
    s5xx: r["5xx"],
    errors: r.errors,
    timeouts: r.timeouts,
    cpuPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || !r.requests.total
        ? undefined
        : (cpuAfter - cpuBefore) / r.requests.total,
  };
}

/** Two servers measured on the same request in turn, round after round; see `alternate`. */
export interface Pair {
  a: Row[];
  b: Row[];
  /** a's req/s over b's, per round */
  ratios: number[];
  /** the median of the rounds' ratios */
  ratio: number;
  /** no non-2xx, error or timeout in any round */
  clean: boolean;
}

/**
 * Measures `a` then `b` (the same request on two servers), ROUNDS times, ROUND_DURATION s each after 1 s of
 * warm-up. On a shared machine the load changes from one minute to the next; taken in turn, both sides
 * meet the same load, and the median of the rounds' ratios is the comparison.
 */
export async function alternate(a: Scenario, b: Scenario): Promise<Pair> {
  const [ca, cb] = [await check(a), await check(b)];
  console.log(
    `\n▶ ${a.name}: ${a.server} and ${b.server} in turn, ${ROUNDS} rounds of ${ROUND_DURATION} s each (1 s warm-up)`,
  );
  const pair: Pair = { a: [], b: [], ratios: [], ratio: 0, clean: true };
  for (let i = 0; i < ROUNDS; i++) {
    const ra = await measure(ca, { duration: ROUND_DURATION, warmup: 1 });
    await pause(500);
    const rb = await measure(cb, { duration: ROUND_DURATION, warmup: 1 });
    await pause(500);
    pair.a.push(ra);
    pair.b.push(rb);
    pair.ratios.push(rb.rps > 0 ? ra.rps / rb.rps : 0);
    pair.clean &&= clean(ra) && clean(rb);
    console.log(
      `  round ${i + 1}: ${a.server} ${fmt(ra.rps)} req/s (p99 ${fmt(ra.p99)} ms), ${b.server} ${fmt(rb.rps)} req/s (p99 ${fmt(rb.p99)} ms): ${pair.ratios.at(-1)!.toFixed(2)}×`,
    );
  }
  pair.ratio = median(pair.ratios);
  return pair;
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
