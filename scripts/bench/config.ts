/** The bench's settings, from the environment (documented in scripts/bench.ts), and its targets. */
import path from "node:path";
import { root } from "../build-if-stale.mjs";

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
};

export const DURATION = int("BENCH_DURATION", 10);
export const WARMUP = int("BENCH_WARMUP", 3);
export const CONNECTIONS = int("BENCH_CONNECTIONS", 50);
export const LOGIN_CONNECTIONS = int("BENCH_LOGIN_CONNECTIONS", 8);
export const FLOOD_CONNECTIONS = int("BENCH_FLOOD_CONNECTIONS", 32);
export const PAGE = process.env.BENCH_PAGE ?? "/";
export const OUTPUT = path.resolve(root, process.env.BENCH_OUTPUT ?? "docs/performance.md");
export const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
export const CLIENT_DIR = process.env.CLIENT_DIR ?? "build/client";
/** What Chrome sends; the server answers pages and assets with brotli when it is offered. */
export const BROWSER_ENCODING = "gzip, deflate, br, zstd";

/**
 * Comparisons (ours, bare node:http and nginx; info and warn) take turns this many times, this long each. On
 * a shared virtual machine one server's req/s moves by a third from one second to the next, whatever the
 * server: many short rounds give a steadier median than a few long ones.
 */
export const ROUNDS = Math.max(1, int("BENCH_ROUNDS", 9));
export const ROUND_DURATION = int("BENCH_ROUND_DURATION", 3);

export const COLD_STARTS = int("BENCH_COLD_STARTS", 3);
/**
 * BENCH_ONLY=servers: only the comparison of ours, the bare node:http server and nginx (the page and the asset,
 * in turn), printed and not written to docs/performance.md: for working on the fast path on a busy machine.
 */
export const ONLY_SERVERS = process.env.BENCH_ONLY === "servers";
if (process.env.BENCH_ONLY && !ONLY_SERVERS)
  throw new Error(`BENCH_ONLY must be "servers", got "${process.env.BENCH_ONLY}"`);
/** The log level the server runs at for every row; the page and the asset are measured again at `warn`. */
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "info";

/** The exam scenario's set-ups (scripts/bench-exam.ts; BENCH_EXAM_SETUPS, "" to leave it out). */
export const EXAM_SETUPS = (process.env.BENCH_EXAM_SETUPS ?? "pglite,postgres").split(",").filter(Boolean);

export const TARGETS = {
  pageRps: 5000,
  pageP99: 20,
  loginRps: 30,
  floodPageP99: 100,
  bareRatio: 0.8,
  examCandidates: 500,
};

/** The bare node:http server sending every header ours sent (decision 0027), as the bench's tables name it. */
export const SAME_BYTES = "bare node:http, our headers";

/**
 * Headers the bare server does not copy from ours: Node.js adds the first four to every answer, as it does to
 * ours, and the bare server sets content-length from the body it holds.
 */
export const NODE_ADDS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
