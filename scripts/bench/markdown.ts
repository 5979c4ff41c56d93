/** docs/performance.md from one run of the bench; hand-written sections below the marker are kept. */
import type { machineFacts } from "./machine";
import {
  BROWSER_ENCODING,
  COLD_STARTS,
  CONNECTIONS,
  DURATION,
  FLOOD_CONNECTIONS,
  LOG_LEVEL,
  PAGE,
  ROUND_DURATION,
  ROUNDS,
  WARMUP,
} from "./config";
import { cpu, fmt, median, tableLines } from "./report";
import type { Pair, Row } from "./scenarios";

export interface Target {
  target: string;
  measured: string;
  pass: boolean;
}

/** Everything from this line on in docs/performance.md is written by hand and kept by the bench. */
export const KEEP_MARKER = "<!-- Sections below this line are written by hand; npm run bench keeps them. -->";

export interface BenchReport {
  started: Date;
  seconds: number;
  machine: ReturnType<typeof machineFacts>;
  nginxVersion: string | null;
  nginxNote?: string;
  asset: string;
  rows: Row[];
  targets: Target[];
  nginxPairs?: { page: Pair; asset: Pair };
  logPairs?: { page: Pair; asset: Pair };
  /** resident memory in MiB; `site`: the bytes of pages and assets held in memory (the server's log) */
  memory: { idle?: number; peak?: number; after?: number; site?: number };
  loadAfter: string;
  logBytes: number;
  coldStarts: number[];
  coldStartMedian?: number;
  previous: string;
}

const mib = (n: number | undefined) => (n === undefined ? "unknown" : `${fmt(n)} MiB`);

/** One comparison as table rows: each round's two figures and ratio (and `extra` cells), then the median. */
function pairLines(what: string, request: string, p: Pair, extra: (round: number) => string[] = () => []): string[] {
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const lines = p.a.map((a, i) => {
    const b = p.b[i]!;
    const figures = [fmt(a.rps), fmt(b.rps), `${p.ratios[i]!.toFixed(2)}×`, fmt(a.p99), fmt(b.p99), cpu(a), cpu(b)];
    return row([what, `\`${request}\``, String(i + 1), ...figures, ...extra(i)]);
  });
  const medians = [
    fmt(median(p.a.map((r) => r.rps))),
    fmt(median(p.b.map((r) => r.rps))),
    `**${p.ratio.toFixed(2)}×**`,
  ];
  const cpus = [p.a, p.b].map((rows) => {
    const xs = rows.flatMap((r) => (r.cpuPerRequest === undefined ? [] : [r.cpuPerRequest]));
    return xs.length ? fmt(median(xs)) : "";
  });
  lines.push(row([what, `\`${request}\``, "**median**", ...medians, "", "", ...cpus, ...extra(0).map(() => "")]));
  return lines;
}

const rounds = `${ROUNDS} rounds; in each, ${ROUND_DURATION} s on one side after 1 s of warm-up, then the same on the other, so both meet the same load on this shared machine; the verdict is the median of the rounds' ratios`;

function nginxSection(r: BenchReport): string[] {
  const p = r.nginxPairs;
  if (!p) return [`No comparison in this run: ${r.nginxNote}`];
  const bytes = (x: Row) => x.received!;
  const same = (pair: Pair) => (i: number) => {
    const [a, b] = [bytes(pair.a[i]!), bytes(pair.b[i]!)];
    return [`${fmt(a.bytes)}, ${fmt(b.bytes)}`, a.sha256 === b.sha256 ? "yes (SHA-256)" : "**no**"];
  };
  return [
    `The same files with \`accept-encoding: gzip\` and ${CONNECTIONS} connections, from ${r.nginxVersion}`,
    "(`worker_processes auto`, `access_log off`, `sendfile on`, `gzip_static on`, keep-alive) and from our server",
    `(at \`LOG_LEVEL=${LOG_LEVEL}\`), ${rounds}:`,
    "",
    "| file | request | round | ours req/s | nginx req/s | ours / nginx | ours p99 ms | nginx p99 ms | ours CPU µs/req | nginx CPU µs/req | body bytes (ours, nginx) | same bytes |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
    ...pairLines("prerendered page", `GET ${PAGE}`, p.page, same(p.page)),
    ...pairLines("biggest hashed asset", `GET ${r.asset}`, p.asset, same(p.asset)),
    "",
    "nginx serves a temporary copy of the same build folder, with the `.gz` postbuild writes beside every page and",
    "asset (`gzip_static`). Our server answers pages and hashed assets from memory with those same precompressed",
    "bytes (the table compares them); its responses carry more headers",
    "(the page's CSP and the other security headers). gzip because nginx's `gzip_static` is built in while brotli",
    "needs an extra module. nginx runs one worker per core; our server is one Node.js process.",
  ];
}

function logLevelSection(r: BenchReport): string[] {
  const p = r.logPairs;
  if (!p) return [`Every row ran at \`LOG_LEVEL=${LOG_LEVEL}\`; no comparison.`];
  return [
    `Every row above ran at the default \`LOG_LEVEL=${LOG_LEVEL}\`, which writes one JSON line per request (method,`,
    "path, status, duration, request id; `server/plugins/request-log.ts`) to standard output, here a file",
    `(${fmt(r.logBytes / 1024 ** 2, 1)} MiB written during the run). A second server at \`warn\` (no request lines) ran beside it`,
    "(both before the login rows, which grow the first server's heap and with it the cost of every later request),",
    `with the browser's \`accept-encoding\`, ${rounds}:`,
    "",
    `| file | request | round | ${LOG_LEVEL} req/s | warn req/s | ${LOG_LEVEL} / warn | ${LOG_LEVEL} p99 ms | warn p99 ms | ${LOG_LEVEL} CPU µs/req | warn CPU µs/req |`,
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...pairLines("prerendered page", `GET ${PAGE}`, p.page),
    ...pairLines("biggest hashed asset", `GET ${r.asset}`, p.asset),
  ];
}

export function benchMarkdown(r: BenchReport): string {
  const { machine } = r;
  const failed = r.targets.filter((t) => !t.pass).length;
  const keptIndex = r.previous.indexOf(KEEP_MARKER);
  const kept = keptIndex === -1 ? `${KEEP_MARKER}\n` : r.previous.slice(keptIndex);
  return [
    "# Performance",
    "",
    `Measured by \`npm run bench\` (\`scripts/bench.ts\`) on ${r.started.toISOString().replace("T", " ").slice(0, 16)} UTC, in ${r.seconds} s.`,
    "Every number down to the marker line comes from that run; run it again to refresh them. It is a report, not a",
    "test: it exits 0 when a target is missed and prints MISS.",
    "",
    "## How it is measured",
    "",
    "The script builds the site if the build is missing or older than the sources, times the cold start of",
    "`npm start`, then starts the built server (`node build/server/server.js`, `NODE_ENV=production`,",
    `\`LOG_LEVEL=${LOG_LEVEL}\` (the default), a fresh embedded database in a temporary folder, a free port, its log`,
    "written to a file, `TRUST_PROXY=1`), signs up the accounts for the login rows, and drives it with autocannon from",
    "the same machine (one client",
    `process, HTTP/1.1 keep-alive). Each scenario gets ${WARMUP} s of warm-up, which is discarded, and ${DURATION} s of`,
    `measurement. Requests send \`accept-encoding: ${BROWSER_ENCODING}\` like Chrome unless the row says gzip.`,
    "",
    `- **prerendered page**: \`GET ${PAGE}\`, answered from memory (precompressed; brotli for a browser).`,
    `- **hashed static asset**: \`GET ${r.asset}\`, the biggest JavaScript file of the build, answered from`,
    "  memory with the `.br`/`.gz` made at build time (`server/plugins/site.ts`).",
    "- **health**: `GET /api/health`, which pings the database.",
    "- **login**: `POST /api/login` with the right password: the login limits reserved in the database, an argon2id",
    "  verification (19 MiB, 2 iterations, parallelism 1) on libuv's thread pool, then a session row written. Each",
    "  connection logs in to its own account from its own address (`x-forwarded-for` in 198.18.0.0/15; twice as",
    "  many accounts as connections), as many people would: one account or address flooded from many connections",
    "  meets the login limits (429), which is what they are for (`scripts/bench/accounts.ts`).",
    `- **… during login flood**: the row above it measured while a second autocannon run floods \`POST /api/login\``,
    `  with ${FLOOD_CONNECTIONS} connections; both runs start together and both are reported.`,
    "- **against nginx** and **log level** (their own sections): the page and the asset on two servers in turn,",
    `  ${ROUNDS} rounds.`,
    "",
    "server CPU µs/req is the CPU time (user + system, from /proc) the server's processes (nginx: its master and",
    "workers) used while the row was measured, divided by its responses: the machine's other load changes it far",
    "less than req/s, so it is the steadier figure on a shared machine.",
    "req/s is autocannon's average of its per-second samples. p50/p99/max are latencies in whole milliseconds, as",
    "autocannon records them (0 means under 1 ms). bytes/resp includes the headers. The server runs at most",
    "(cores - 1) password hashes at once (`server/auth/passwords.ts`), so a login flood leaves a core for pages.",
    "",
    "## Machine",
    "",
    "| | |",
    "|---|---|",
    `| CPU | ${machine.cpu} |`,
    `| cores | ${machine.cores} |`,
    `| RAM | ${machine.ram} |`,
    `| OS | ${machine.os} |`,
    `| Node.js | ${machine.node} |`,
    `| server's libuv thread pool | ${machine.threadpool} |`,
    `| nginx | ${r.nginxVersion ?? "not available"} |`,
    `| autocannon | ${machine.autocannon} |`,
    `| load average (1/5/15 min) before the run | ${machine.loadBefore} |`,
    `| load average (1/5/15 min) after the run | ${r.loadAfter} |`,
    `| date | ${r.started.toISOString()} |`,
    "",
    "The client, the server and nginx share the machine's cores, so these are figures for one box doing",
    "everything; a busy machine (see the load average) lowers them.",
    "",
    "## Results",
    "",
    ...tableLines(r.rows),
    "",
    "## Targets",
    "",
    "On a 2-core machine. A row with non-2xx responses, errors or timeouts does not pass.",
    "",
    "| target | measured | result |",
    "|---|---|---|",
    ...r.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.pass ? "PASS" : "**MISS**"} |`),
    "",
    failed
      ? `**${failed} of ${r.targets.length} targets missed in this run.**`
      : `All ${r.targets.length} targets met in this run.`,
    "",
    "## Against nginx",
    "",
    ...nginxSection(r),
    "",
    "## Log level",
    "",
    ...logLevelSection(r),
    "",
    "## Resident memory (bench run)",
    "",
    "The server process's resident set (VmRSS in /proc), on the embedded database:",
    "",
    "| idle (after start-up and the sign-ups) | peak under load (every scenario above, sampled every 250 ms) | after the load |",
    "|--:|--:|--:|",
    `| ${mib(r.memory.idle)} | ${mib(r.memory.peak)} | ${mib(r.memory.after)} |`,
    "",
    r.memory.site === undefined
      ? "The site's share was not logged in this run (its start-up line is at `info`)."
      : `Of that, the built site held in memory (every prerendered page with its gzip and brotli copies, every hashed asset with its \`.br\` and \`.gz\`; the server logs it at start-up as "site held in memory"): ${fmt(r.memory.site / 1024 ** 2, 1)} MiB. It is bounded by the size of \`build/client\` and does not grow with traffic.`,
    "",
    "## Cold start",
    "",
    r.coldStartMedian === undefined
      ? "Not measured in this run (`BENCH_COLD_STARTS=0`)."
      : `From \`npm start\` on the built tree (a fresh data folder, so the migrations run) to the first 200 from \`/api/health\`, ${COLD_STARTS} times before the load runs: **median ${fmt(r.coldStartMedian)} ms** (${r.coldStarts.map((m) => `${fmt(m)} ms`).join(", ")}).`,
    "",
    "## Running it",
    "",
    "```sh",
    "apt-get install -y nginx   # once, for the comparison (the script tries this itself when run as root)",
    `npm run bench              # ${r.seconds} s this time; rewrites docs/performance.md down to the marker line`,
    "```",
    "",
    "Settings (environment): `BENCH_DURATION` (seconds measured, default 10), `BENCH_WARMUP` (default 3),",
    "`BENCH_CONNECTIONS` (page, asset, health, nginx; default 10), `BENCH_LOGIN_CONNECTIONS` (default 8),",
    "`BENCH_FLOOD_CONNECTIONS` (default 32), `BENCH_PAGE` (default `/`), `BENCH_COLD_STARTS` (default 3),",
    "`BENCH_LOG_LEVEL` (default `info`), `BENCH_OUTPUT` (default `docs/performance.md`), `BENCH_PORTS` (a range such",
    "as `4920-4929` for every server the bench starts; default: free ports the system picks), `NGINX` (default",
    "`/usr/sbin/nginx`), `UV_THREADPOOL_SIZE` (passed to the server).",
    "",
    kept,
  ].join("\n");
}
