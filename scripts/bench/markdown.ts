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
  SAME_BYTES,
  WARMUP,
} from "./config";
import { cpu, fmt, median, tableLines } from "./report";
import type { runExamBench } from "../bench-exam";
import { ratioOf, type Comparison, type Row } from "./scenarios";

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
  wrk: string | null;
  /** ours, the bare node:http server and nginx (when it ran), in turn */
  servers: { page: Comparison; asset: Comparison };
  logLevels?: { page: Comparison; asset: Comparison };
  /** resident memory in MiB; `site`: the bytes of pages and assets held in memory (the server's log) */
  memory: { idle?: number; peak?: number; after?: number; site?: number };
  loadAfter: string;
  logBytes: number;
  coldStarts: number[];
  coldStartMedian?: number;
  exam?: Awaited<ReturnType<typeof runExamBench>>;
  previous: string;
}

const mib = (n: number | undefined) => (n === undefined ? "unknown" : `${fmt(n)} MiB`);

const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
const medianOf = (rows: Row[], f: (r: Row) => number | undefined) => {
  const xs = rows.flatMap((r) => (f(r) === undefined ? [] : [f(r)!]));
  return xs.length ? median(xs) : undefined;
};

/**
 * One comparison as table rows: per round, each side's req/s, the first side's ratio to every other, each side's
 * p99, server CPU per response and generator CPU; then the medians of the rounds.
 */
function comparisonLines(what: string, request: string, c: Comparison): string[] {
  const others = c.sides.slice(1).map((_, k) => ratioOf(c, 0, k + 1));
  const lines = c.sides[0]!.map((_, i) => {
    const round = c.sides.map((side) => side[i]!);
    return row([
      what,
      `\`${request}\``,
      String(i + 1),
      ...round.map((r) => fmt(r.rps)),
      ...others.map((o) => `${o.ratios[i]!.toFixed(2)}×`),
      ...round.map((r) => fmt(r.p99, 1)),
      ...round.map((r) => cpu(r)),
      ...round.map((r) => fmt(r.generatorCpu)),
    ]);
  });
  const n = (x: number | undefined, digits = 0) => (x === undefined ? "" : fmt(x, digits));
  lines.push(
    row([
      what,
      `\`${request}\``,
      "**median**",
      ...c.sides.map((side) => n(medianOf(side, (r) => r.rps))),
      ...others.map((o) => `**${o.ratio.toFixed(2)}×**`),
      ...c.sides.map((side) =>
        n(
          medianOf(side, (r) => r.p99),
          1,
        ),
      ),
      ...c.sides.map((side) => n(medianOf(side, (r) => r.cpuPerRequest))),
      ...c.sides.map((side) => n(medianOf(side, (r) => r.generatorCpu))),
    ]),
  );
  return lines;
}

/** The header of a comparison table for sides named `names` (the first is compared to each other). */
function comparisonHeader(names: string[]): string[] {
  const [first, ...rest] = names;
  const cells = [
    "file",
    "request",
    "round",
    ...names.map((n) => `${n} req/s`),
    ...rest.map((n) => `${first} / ${n}`),
    ...names.map((n) => `${n} p99 ms`),
    ...names.map((n) => `${n} CPU µs/req`),
    ...names.map((n) => `wrk CPU % (${n})`),
  ];
  return [row(cells), row(cells.map((_, i) => (i < 2 ? "---" : "--:")))];
}

const rounds = `${ROUNDS} rounds; in each, ${ROUND_DURATION} s on every side in turn after 1 s of warm-up, the two sides the verdict compares always measured one right after the other, each first in every other round, and any others before or after them in turn, so all meet the same load on this shared machine; the verdict is the median of the rounds' ratios`;

export function serversSection(
  r: Pick<BenchReport, "servers" | "wrk" | "nginxVersion" | "nginxNote" | "asset">,
): string[] {
  const c = r.servers;
  const names = c.page.sides.map((side) => side[0]!.server);
  const bytes = c.page.sides.map((side) => side[0]!.received?.bytes);
  return [
    `The same page and asset with \`accept-encoding: gzip\` and ${CONNECTIONS} connections, on ${names.join(", ")}, ${rounds}.`,
    `The load generator is ${r.wrk ?? "wrk"} (one thread): its CPU time is shown per side, in % of one core.`,
    "",
    ...comparisonHeader(names),
    ...comparisonLines("prerendered page", `GET ${PAGE}`, c.page),
    ...comparisonLines("biggest hashed asset", `GET ${r.asset}`, c.asset),
    "",
    `- **ours**: the production server at \`LOG_LEVEL=${LOG_LEVEL}\` (one request line per answer), with every security`,
    "  header and the page's CSP. Pages and hashed assets take its fast path for static bytes",
    "  (`server/plugins/static-fast-path.ts`): the same answer as its Fastify route, written before routing.",
    `- **${SAME_BYTES}**: \`scripts/bench/bare-server.mjs\`, one Node.js process answering the same path with the`,
    "  bytes ours sent (fetched from ours first), from memory: the same status line, every header ours sent in its",
    "  order (security headers, CSP, ETag, cache-control, vary…) and the same body. Node.js adds Date, Connection and",
    "  Keep-Alive to both. The ceiling for a Node.js process sending this answer on this machine, and the target's",
    "  measure (decision 0027).",
    "- **bare node:http**: the same process and body with only content-type, content-encoding and content-length:",
    "  what Node.js's own handling of the other headers costs shows as the difference between the two bare columns.",
    r.nginxVersion
      ? `- **nginx**: ${r.nginxVersion} (\`worker_processes auto\`, \`access_log off\`, \`sendfile on\`, \`gzip_static on\`, keep-alive) on a temporary copy of the same build, one worker per core; shown for scale, not as a target.`
      : `- nginx: not in this run (${r.nginxNote}).`,
    `- Body bytes per answer (first round): ${bytes.map((b, i) => `${names[i]} ${b === undefined ? "?" : fmt(b)}`).join(", ")}.`,
  ];
}

function logLevelSection(r: BenchReport): string[] {
  const c = r.logLevels;
  if (!c) return [`Every row ran at \`LOG_LEVEL=${LOG_LEVEL}\`; no comparison.`];
  return [
    `Every row above ran at the default \`LOG_LEVEL=${LOG_LEVEL}\`, which writes one JSON line per request (method,`,
    "path, status, duration, request id; `server/plugins/request-log.ts`) to standard output, here a file",
    `(${fmt(r.logBytes / 1024 ** 2, 1)} MiB written during the run). A second server at \`warn\` (no request lines) ran beside it`,
    "(both before the login rows, which grow the first server's heap and with it the cost of every later request),",
    `with the browser's \`accept-encoding\`, ${rounds}:`,
    "",
    ...comparisonHeader([LOG_LEVEL, "warn"]),
    ...comparisonLines("prerendered page", `GET ${PAGE}`, c.page),
    ...comparisonLines("biggest hashed asset", `GET ${r.asset}`, c.asset),
  ];
}

function examSection(r: BenchReport): string[] {
  if (!r.exam) return ["Not run this time (`BENCH_EXAM_SETUPS` was empty)."];
  return [
    "`scripts/bench-exam.ts` (also `npm run bench:exam` alone): simulated candidates, each with a started sitting,",
    "each saving one answer every 10 seconds (a random phase, the next position, a random option, the next sequence",
    "number), as the exam page does. Each step adds candidates and measures every save for `BENCH_EXAM_SECONDS`",
    "(default 20); the bench stops at the first step that misses. The load generator is the bench's own process",
    "(Node's http with keep-alive agents: at 10 s a save, 1,000 candidates are 100 requests a second); its CPU",
    "share is shown beside the servers'. One server process on the embedded database (PGlite), then two processes",
    "on one PostgreSQL database, candidates split between them.",
    "",
    r.exam.table,
    "",
    `Largest number of concurrent candidates with p99 save latency under 100 ms and no error: **${fmt(r.exam.largest.pglite)} on one process (embedded database)**, **${fmt(r.exam.largest.postgres)} on two processes (PostgreSQL)**.`,
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
    "written to a file, `TRUST_PROXY=1`), starts the bare servers and nginx it is compared with beside it, signs up",
    "the accounts for the login rows, and drives it from the same",
    "machine: every GET with wrk (Debian's package: a C client, one thread, HTTP/1.1 keep-alive, not the bottleneck;",
    "its CPU share is in every row), the logins (a body per connection) with autocannon in the bench's own process.",
    `Each scenario gets ${WARMUP} s of warm-up, which is discarded, and ${DURATION} s of`,
    `measurement. Requests send \`accept-encoding: ${BROWSER_ENCODING}\` like Chrome unless the row says gzip.`,
    "",
    `- **prerendered page**: \`GET ${PAGE}\`, answered from memory (precompressed; brotli for a browser).`,
    `- **hashed static asset**: \`GET ${r.asset}\`, the biggest JavaScript file of the build, answered from`,
    "  memory with the `.br`/`.gz` made at build time (`server/plugins/site.ts`).",
    "- **health**: `GET /api/health`, which pings the database; measured after the comparisons and the log-level rounds, as",
    "  the logins are: database work grows the heap, and with it the cost of every later request.",
    "- **login**: `POST /api/login` with the right password: the login limits reserved in the database, an argon2id",
    "  verification (19 MiB, 2 iterations, parallelism 1) on libuv's thread pool, then a session row written. Each",
    "  connection logs in to its own account from its own address (`x-forwarded-for` in 198.18.0.0/15; twice as",
    "  many accounts as connections), as many people would: one account or address flooded from many connections",
    "  meets the login limits (429), which is what they are for (`scripts/bench/accounts.ts`).",
    `- **… during login flood**: the row above it measured while a second autocannon run floods \`POST /api/login\``,
    `  with ${FLOOD_CONNECTIONS} connections; both runs start together and both are reported.`,
    "- **against a bare Node.js server and nginx** and **log level** (their own sections): the page and the asset on",
    `  several servers in turn, ${ROUNDS} rounds.`,
    "",
    "server CPU µs/req is the CPU time (user + system, from /proc) the server's processes (nginx: its master and",
    "workers) used while the row was measured, divided by its responses: the machine's other load changes it far",
    "less than req/s, so it is the steadier figure on a shared machine.",
    "generator CPU is the load generator's CPU time over the measurement, in % of one core (wrk's from bash's",
    "`times` after it exits; autocannon's from `process.cpuUsage()`): under 100 % it had time to spare.",
    "req/s: wrk's requests over its duration, or autocannon's average of per-second samples. p50/p99/max are latencies",
    "in ms (wrk's --latency distribution; autocannon's whole milliseconds). bytes/resp includes the headers. wrk counts",
    "every answer that is not 2xx or 3xx together, so its rows have no separate 5xx count. The server runs at most",
    "(cores - 1) password hashes at once (`server/auth/passwords.ts`), so a login flood leaves a core for pages, and",
    "when those and the queue behind them are full it answers a login at once with 503 and `Retry-After`: load shed",
    "by design, counted in its own column (503 + Retry-After), not in the 5xx column, which holds every other 5xx.",
    "A login row's req/s counts every answer, shed ones included; its targets count the logins that succeeded (200).",
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
    `| wrk | ${r.wrk ?? "not available"} |`,
    `| autocannon | ${machine.autocannon} |`,
    `| load average (1/5/15 min) before the run | ${machine.loadBefore} |`,
    `| load average (1/5/15 min) after the run | ${r.loadAfter} |`,
    `| date | ${r.started.toISOString()} |`,
    "",
    "The client, the server, the bare server and nginx share the machine's cores, so these are figures for one box doing",
    "everything; a busy machine (see the load average) lowers them.",
    "",
    "## Results",
    "",
    ...tableLines(r.rows),
    "",
    "## Targets",
    "",
    "On a 2-core machine. A row with non-2xx responses (for the logins: other than the limiter's 503 with",
    "`Retry-After`), errors or timeouts does not pass.",
    "",
    "| target | measured | result |",
    "|---|---|---|",
    ...r.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.pass ? "PASS" : "**MISS**"} |`),
    "",
    failed
      ? `**${failed} of ${r.targets.length} targets missed in this run.**`
      : `All ${r.targets.length} targets met in this run.`,
    "",
    "## Against a bare Node.js server and nginx",
    "",
    ...serversSection(r),
    "",
    "## Log level",
    "",
    ...logLevelSection(r),
    "",
    "## The exam under load",
    "",
    ...examSection(r),
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
    "apt-get install -y wrk nginx   # once: the load generator and the comparison (the script installs nginx itself as root)",
    `npm run bench              # ${r.seconds} s this time; rewrites docs/performance.md down to the marker line`,
    "```",
    "",
    "Settings (environment): `BENCH_DURATION` (seconds measured, default 10), `BENCH_WARMUP` (default 3),",
    "`BENCH_CONNECTIONS` (page, asset, health and the comparisons; default 50), `BENCH_LOGIN_CONNECTIONS` (default 8),",
    "`BENCH_FLOOD_CONNECTIONS` (default 32), `BENCH_PAGE` (default `/`), `BENCH_COLD_STARTS` (default 3),",
    "`BENCH_LOG_LEVEL` (default `info`), `BENCH_ROUNDS` and `BENCH_ROUND_DURATION` (the comparisons' rounds; default",
    "9 of 3 s), `BENCH_ONLY=servers` (only the comparison of ours, bare node:http and nginx, printed; this page is left",
    "as it was), `BENCH_OUTPUT` (default `docs/performance.md`), `BENCH_PORTS` (a range such",
    "as `4920-4929` for every server the bench starts; default: free ports the system picks), `NGINX` (default",
    "`/usr/sbin/nginx`), `WRK` (default `/usr/bin/wrk`), `UV_THREADPOOL_SIZE` (passed to the server).",
    "",
    kept,
  ].join("\n");
}
