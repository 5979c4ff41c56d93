/** Formatting of the results: numbers, the results table, whether a row ran clean. */
import type { Row } from "./scenarios";

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The server's CPU time per response in µs, or "" when it was not measured. */
export const cpu = (r: Row) => (r.cpuPerRequest === undefined ? "" : fmt(r.cpuPerRequest));

export function tableLines(rows: Row[]): string[] {
  return [
    "| scenario | server | request | encoding | conns | req/s | p50 ms | p99 ms | max ms | requests | bytes/resp | non-2xx | 5xx | 503 + Retry-After (shed) | errors | timeouts | server CPU µs/req | generator | generator CPU % of a core |",
    "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.server} | \`${r.method} ${new URL(r.url).pathname}\` | ${r.encoding ?? ""} | ${r.connections} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.max, 1)} | ${fmt(r.total)} | ${fmt(r.bytesPerResponse)} | ${r.non2xx} | ${r.s5xx ?? "(in non-2xx)"} | ${r.shed ?? "(in non-2xx)"} | ${r.errors} | ${r.timeouts} | ${cpu(r)} | ${r.generator} | ${fmt(r.generatorCpu)} |`,
    ),
  ];
}

export function clean(r: Row | undefined) {
  return r !== undefined && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
}

/** Clean but for the hashing limiter's 503s with Retry-After (a login row's load shed by design). */
export function cleanButShed(r: Row | undefined) {
  return r !== undefined && r.non2xx === (r.shed ?? 0) && r.errors === 0 && r.timeouts === 0;
}
