/** One load scenario: what is requested, how, and what autocannon measured. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { root } from "../build-if-stale.mjs";
import { CLIENT_DIR, DURATION, WARMUP } from "./config";
import { probe, running } from "./processes";

export interface Scenario {
  name: string;
  /** "ours", "ours at warn" or "nginx" */
  server: string;
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
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

export function measure(s: Scenario): Promise<Row> {
  const instance = autocannon({
    url: s.url,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections: s.connections,
    duration: DURATION,
    timeout: 10,
    warmup: WARMUP > 0 ? { duration: WARMUP, connections: s.connections } : undefined,
  });
  running.add(instance);
  return Promise.resolve(instance)
    .then((r: Result) => ({
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
    }))
    .finally(() => running.delete(instance));
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
