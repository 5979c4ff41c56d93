/** Formatting of the results: numbers, the results table, whether a row ran clean. */
import type { Row } from "./scenarios";

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function tableLines(rows: Row[]): string[] {
  return [
    "| scenario | server | request | encoding | conns | req/s | p50 ms | p99 ms | max ms | requests | bytes/resp | non-2xx | 5xx | errors | timeouts |",
    "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.server} | \`${r.method} ${new URL(r.url).pathname}\` | ${r.encoding ?? ""} | ${r.connections} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.total)} | ${fmt(r.bytesPerResponse)} | ${r.non2xx} | ${r.s5xx} | ${r.errors} | ${r.timeouts} |`,
    ),
  ];
}

export function clean(r: Row | undefined) {
  return r !== undefined && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
}
