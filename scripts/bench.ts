/**
 * `npm run bench`: load figures for the production build on the real server, measured with autocannon on
 * the same machine, and the same page served by nginx (Debian's package) from the same build in the same
 * run. Writes docs/performance.md (machine, date, table, targets) and prints the table. It is a report,
 * not a test: it exits 0 when a target is missed, and says MISS loudly.
 *
 * Environment: BENCH_DURATION (seconds measured per scenario, default 10), BENCH_WARMUP (seconds of
 * discarded warm-up before each, default 3), BENCH_CONNECTIONS (page, asset, health and nginx, default 10),
 * BENCH_LOGIN_CONNECTIONS (default 8), BENCH_FLOOD_CONNECTIONS (the login flood, default 32), BENCH_PAGE
 * (default /), BENCH_OUTPUT (default docs/performance.md), NGINX (default /usr/sbin/nginx),
 * UV_THREADPOOL_SIZE (passed to the server; Node's default is 4).
 */
import { execSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { buildIfStale, root } from "./build-if-stale";

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
};

const DURATION = int("BENCH_DURATION", 10);
const WARMUP = int("BENCH_WARMUP", 3);
const CONNECTIONS = int("BENCH_CONNECTIONS", 10);
const LOGIN_CONNECTIONS = int("BENCH_LOGIN_CONNECTIONS", 8);
const FLOOD_CONNECTIONS = int("BENCH_FLOOD_CONNECTIONS", 32);
const PAGE = process.env.BENCH_PAGE ?? "/";
const OUTPUT = path.resolve(root, process.env.BENCH_OUTPUT ?? "docs/performance.md");
const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
const CLIENT_DIR = process.env.CLIENT_DIR ?? "build/client";
/** What Chrome sends; the server answers pages and assets with brotli when it is offered. */
const BROWSER_ENCODING = "gzip, deflate, br, zstd";

const TARGETS = { pageRps: 5000, pageP99: 50, loginRps: 30, floodPageP99: 100 };

// ---------------------------------------------------------------- processes and clean-up

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const running = new Set<{ stop(): void }>();

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** The direct children of a process (nginx's workers), from /proc: pid and command line. */
function childrenOf(pid: number | undefined): { pid: number; cmd: string }[] {
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
async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
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

function removeTempDirs() {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

async function cleanUp() {
  for (const r of running) r.stop();
  await Promise.all([...children].map((c) => stopChild(c)));
  removeTempDirs();
}

let interrupted = false;
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Probe {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request, without decompressing, to check what a scenario will receive. */
function probe(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Probe>((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error(`no answer from ${url} within 5 s`)));
    req.end(opts.body);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, seconds = 90) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited during start-up`);
    try {
      if ((await probe(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${seconds} s`);
}

// ---------------------------------------------------------------- the machine

function machineFacts() {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  const cpu = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  const osRelease = fs.existsSync("/etc/os-release") ? fs.readFileSync("/etc/os-release", "utf8") : "";
  const distro = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(osRelease)?.[1] ?? os.type();
  const autocannonVersion = (
    JSON.parse(fs.readFileSync(path.join(root, "node_modules/autocannon/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  return {
    cpu,
    cores: os.availableParallelism(),
    ram: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${distro}, Linux ${os.release()}`,
    node: process.version,
    autocannon: autocannonVersion,
    threadpool: process.env.UV_THREADPOOL_SIZE
      ? `${process.env.UV_THREADPOOL_SIZE} (UV_THREADPOOL_SIZE)`
      : "4 (default)",
    loadBefore: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / "),
  };
}

function nginxVersion(): string | null {
  // nginx -v prints to stderr
  const res = spawnSync(NGINX, ["-v"], { encoding: "utf8" });
  if (res.status !== 0) return null;
  return `${res.stderr}${res.stdout}`.trim().replace(/^nginx version: /, "") || null;
}

/** nginx's version line, installing Debian's package when it is missing and we are root; null to skip. */
function ensureNginx(): { version: string | null; note?: string } {
  if (!fs.existsSync(NGINX)) {
    const howTo = "install it with `apt-get install -y nginx` (Debian's package), or set NGINX to its path";
    if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
      console.log("nginx is not installed: installing Debian's package (apt-get install -y nginx)…");
      try {
        execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx", {
          stdio: "inherit",
        });
      } catch {
        return { version: null, note: `nginx is not installed and apt-get could not install it: ${howTo}.` };
      }
    } else {
      console.log(`nginx is not installed at ${NGINX}: ${howTo}. The nginx comparison is skipped.`);
      return { version: null, note: `nginx was not installed at ${NGINX} (${howTo}).` };
    }
  }
  const version = nginxVersion();
  return version ? { version } : { version: null, note: `${NGINX} -v failed, so the comparison was skipped.` };
}

// ---------------------------------------------------------------- servers

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = tempDir("citb-bench-data-");
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "", // always the embedded database, whatever .env says
      CLIENT_DIR,
    },
  });
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, "the server");
  return { base, child };
}

/**
 * nginx in the foreground on a copy of the build in which every prerendered page also has its `.gz`
 * beside it: our server keeps each page gzip-compressed (level 9) in memory, postbuild does not write
 * `.html.gz`, and nginx's gzip_static needs the file. The copy's `.gz` is made the same way, so both
 * servers send the same body bytes.
 */
async function startNginx(): Promise<{ base: string; child: ChildProcess; errorLog: string }> {
  const dir = tempDir("citb-bench-nginx-");
  fs.chmodSync(dir, 0o755); // the workers run as nobody when we are root
  const docroot = path.join(dir, "root");
  fs.cpSync(path.resolve(root, CLIENT_DIR), docroot, { recursive: true });
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html"))
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(fs.readFileSync(full), { level: 9 }));
    }
  };
  walk(docroot);
  const port = await freePort();
  const errorLog = path.join(dir, "error.log");
  const user = process.getuid?.() === 0 ? "user nobody nogroup;" : "";
  const conf = `
daemon off;
master_process on;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
${user}
events { worker_connections 4096; }
http {
  types {
    text/html html;
    text/css css;
    text/javascript js mjs;
    application/json json;
    application/manifest+json webmanifest;
    application/xml xml;
    text/plain txt;
    image/svg+xml svg;
    image/png png;
    image/jpeg jpg jpeg;
    image/webp webp;
    image/avif avif;
    image/x-icon ico;
    font/woff2 woff2;
    application/pdf pdf;
  }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${docroot};
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`;
  const confFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(confFile, conf);
  const child = spawn(NGINX, ["-p", `${dir}/`, "-c", confFile, "-e", errorLog], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/`, child, "nginx", 20);
  } catch (e) {
    const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "";
    throw new Error(`${(e as Error).message}\n${log}`);
  }
  return { base, child, errorLog };
}

// ---------------------------------------------------------------- scenarios

interface Scenario {
  name: string;
  server: "ours" | "nginx";
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

interface Row extends Scenario {
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
async function check(s: Scenario, expect = 200): Promise<Scenario> {
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

function measure(s: Scenario): Promise<Row> {
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

function biggestAsset(): string {
  const dir = path.resolve(root, CLIENT_DIR, "assets");
  const js = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size);
  if (!js.length) throw new Error(`no .js file in ${dir}`);
  return `/assets/${js[0]!.f}`;
}

// ---------------------------------------------------------------- report

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

function tableLines(rows: Row[]): string[] {
  return [
    "| scenario | server | request | encoding | conns | req/s | p50 ms | p99 ms | max ms | requests | bytes/resp | non-2xx | 5xx | errors | timeouts |",
    "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.server} | \`${r.method} ${new URL(r.url).pathname}\` | ${r.encoding ?? ""} | ${r.connections} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.total)} | ${fmt(r.bytesPerResponse)} | ${r.non2xx} | ${r.s5xx} | ${r.errors} | ${r.timeouts} |`,
    ),
  ];
}

function clean(r: Row | undefined) {
  return r !== undefined && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
}

function main() {
  return run().catch(async (e: unknown) => {
    if (interrupted) return; // the signal handler cleans up and exits
    console.error(`bench failed: ${(e as Error).stack ?? e}`);
    await cleanUp();
    process.exit(1);
  });
}

async function run() {
  const started = new Date();
  const t0 = Date.now();
  const machine = machineFacts();

  if (buildIfStale(CLIENT_DIR)) console.log("Built the site.");
  else console.log(`Using the existing build in ${CLIENT_DIR} (newer than the sources).`);
  const nginx = ensureNginx();

  const rows: Row[] = [];
  let nginxNote = nginx.note;
  try {
    console.log("Starting the server (production, fresh embedded database)…");
    const ours = await startServer();
    let other: Awaited<ReturnType<typeof startNginx>> | undefined;
    if (nginx.version) {
      try {
        other = await startNginx();
      } catch (e) {
        nginxNote = `nginx could not start, so the comparison was skipped: ${(e as Error).message}`;
        console.error(nginxNote);
      }
    }

    // one account for the login scenarios
    const email = `bench-${Date.now()}@example.com`;
    const password = "Bench!pass1";
    const signup = await probe(`${ours.base}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ certUser: { firstName: "Bench", lastName: "Mark", email, password } }),
    });
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${signup.body.toString()}`);

    const browser = { "accept-encoding": BROWSER_ENCODING };
    const gzipOnly = { "accept-encoding": "gzip" };
    const asset = biggestAsset();
    const loginBody = JSON.stringify({ email, password });
    const login = (name: string, connections: number): Scenario => ({
      name,
      server: "ours",
      method: "POST",
      url: `${ours.base}/api/login`,
      headers: { ...browser, "content-type": "application/json" },
      body: loginBody,
      connections,
    });
    const get = (
      name: string,
      base: string,
      p: string,
      headers: Record<string, string>,
      server: Row["server"] = "ours",
    ): Scenario => ({
      name,
      server,
      method: "GET",
      url: `${base}${p}`,
      headers,
      connections: CONNECTIONS,
    });

    const step = async (...scenarios: Scenario[]) => {
      if (interrupted) throw new Error("interrupted");
      const checked = await Promise.all(scenarios.map((s) => check(s)));
      console.log(`\n▶ ${checked.map((s) => s.name).join(" + ")} (${WARMUP} s warm-up, ${DURATION} s measured)`);
      const measured = await Promise.all(checked.map(measure));
      for (const r of measured) {
        console.log(
          `  ${r.name}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
        );
      }
      rows.push(...measured);
      await pause(1000); // let hashes still in flight finish before the next scenario
      return measured;
    };

    const [page] = await step(get("prerendered page", ours.base, PAGE, browser));
    const [pageGzip] = await step(get("prerendered page, gzip", ours.base, PAGE, gzipOnly));
    const [pageNginx] = other ? await step(get("prerendered page, gzip", other.base, PAGE, gzipOnly, "nginx")) : [];
    await step(get("hashed static asset", ours.base, asset, browser));
    await step(get("health", ours.base, "/api/health", browser));
    const [loginRow] = await step(login("login", LOGIN_CONNECTIONS));
    const [floodPage, floodLogin] = await step(
      get("prerendered page during login flood", ours.base, PAGE, browser),
      login("login flood (with the page)", FLOOD_CONNECTIONS),
    );
    const [, floodLogin2] = await step(
      get("hashed static asset during login flood", ours.base, asset, browser),
      login("login flood (with the asset)", FLOOD_CONNECTIONS),
    );

    if (other) {
      const log = fs.existsSync(other.errorLog) ? fs.readFileSync(other.errorLog, "utf8").trim() : "";
      if (log) console.log(`nginx error log:\n${log}`);
    }

    if (interrupted) throw new Error("interrupted"); // never write a report from cut-short runs
    // ---------------------------------------------------------- targets
    const targets = [
      {
        target: `prerendered page (\`${PAGE}\`, browser encoding): at least ${fmt(TARGETS.pageRps)} req/s`,
        measured: `${fmt(page!.rps)} req/s`,
        pass: page!.rps >= TARGETS.pageRps && clean(page),
      },
      {
        target: `prerendered page: p99 under ${TARGETS.pageP99} ms`,
        measured: `${fmt(page!.p99)} ms`,
        pass: page!.p99 < TARGETS.pageP99 && clean(page),
      },
      {
        target: `login: at least ${TARGETS.loginRps} req/s`,
        measured: `${fmt(loginRow!.rps, 1)} req/s`,
        pass: loginRow!.rps >= TARGETS.loginRps && clean(loginRow),
      },
      {
        target: "login: no 5xx (alone and during the flood)",
        measured: `${loginRow!.s5xx} alone, ${floodLogin!.s5xx + floodLogin2!.s5xx} in the floods`,
        pass: loginRow!.s5xx === 0 && floodLogin!.s5xx === 0 && floodLogin2!.s5xx === 0,
      },
      {
        target: `prerendered page during the login flood: p99 under ${TARGETS.floodPageP99} ms`,
        measured: `${fmt(floodPage!.p99)} ms`,
        pass: floodPage!.p99 < TARGETS.floodPageP99 && clean(floodPage),
      },
    ];

    const ratio = pageNginx
      ? {
          rps: pageGzip!.rps / pageNginx.rps,
          p99:
            pageGzip!.p99 >= 1 && pageNginx.p99 >= 1
              ? `${(pageGzip!.p99 / pageNginx.p99).toFixed(2)}× the p99 latency`
              : "p99 under 1 ms on one side, so no p99 ratio",
        }
      : undefined;
    const seconds = Math.round((Date.now() - t0) / 1000);

    // ---------------------------------------------------------- stdout
    console.log(`\n${tableLines(rows).join("\n")}\n`);
    for (const t of targets) {
      const line = `${t.pass ? "PASS" : "MISS"}  ${t.target.replaceAll("`", "")}: ${t.measured}`;
      if (t.pass) console.log(line);
      else console.error(`!!! ${line} !!!`);
    }
    if (ratio) {
      console.log(
        `\nours / nginx, same page, gzip, ${CONNECTIONS} connections: ${ratio.rps.toFixed(2)}× the requests per second, ${ratio.p99}`,
      );
    } else console.log(`\nno nginx comparison: ${nginxNote}`);

    // ---------------------------------------------------------- docs/performance.md
    const failed = targets.filter((t) => !t.pass).length;
    const md = [
      "# Performance",
      "",
      `Measured by \`npm run bench\` (\`scripts/bench.ts\`) on ${started.toISOString().replace("T", " ").slice(0, 16)} UTC, in ${seconds} s.`,
      "Every number on this page comes from that run; run it again to refresh the page. It is a report, not a test:",
      "it exits 0 when a target is missed and prints MISS.",
      "",
      "## How it is measured",
      "",
      `The script builds the site if the build is missing or older than the sources, starts the real server`,
      "(`node --import tsx server/server.ts`, `NODE_ENV=production`, `LOG_LEVEL=warn`, a fresh embedded database in a",
      "temporary folder, a free port), signs up one account, and drives it with autocannon from the same machine",
      `(one client process, HTTP/1.1 keep-alive). Each scenario gets ${WARMUP} s of warm-up, which is discarded, and`,
      `${DURATION} s of measurement. Requests send \`accept-encoding: ${BROWSER_ENCODING}\` like Chrome unless the row says gzip.`,
      "",
      `- **prerendered page**: \`GET ${PAGE}\`, answered from memory (precompressed; brotli for a browser).`,
      `- **hashed static asset**: \`GET ${asset}\`, the biggest JavaScript file of the build, served from disk by`,
      "  @fastify/static (its precompressed `.br`).",
      "- **health**: `GET /api/health`, which pings the database.",
      "- **login**: `POST /api/login` with the right password: an argon2id verification (19 MiB, 2 iterations,",
      "  parallelism 1) on libuv's thread pool, then a session row written.",
      `- **… during login flood**: the row above it measured while a second autocannon run floods \`POST /api/login\``,
      `  with ${FLOOD_CONNECTIONS} connections; both runs start together and both are reported.`,
      "- **prerendered page, gzip** on **ours** and on **nginx**: the same page with `accept-encoding: gzip`, one after",
      "  the other in this run, for the comparison below.",
      "",
      "req/s is autocannon's average of its per-second samples. p50/p99/max are latencies in whole milliseconds, as",
      "autocannon records them (0 means under 1 ms). bytes/resp includes the headers. The asset rows matter because",
      "@fastify/static's file reads and the argon2 hashes share libuv's thread pool; they are reported, not targets.",
      "The server runs at most (cores - 1) hashes at once (`server/auth/passwords.ts`), so a login flood leaves a",
      "core and thread-pool slots for pages and files.",
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
      `| nginx | ${nginx.version ?? "not available"} |`,
      `| autocannon | ${machine.autocannon} |`,
      `| load average (1/5/15 min) before the run | ${machine.loadBefore} |`,
      `| date | ${started.toISOString()} |`,
      "",
      "The client, the server and nginx share the machine's cores, so these are figures for one box doing",
      "everything; a busy machine (see the load average) lowers them.",
      "",
      "## Results",
      "",
      ...tableLines(rows),
      "",
      "## Targets",
      "",
      "On a 2-core machine. A row with non-2xx responses, errors or timeouts does not pass.",
      "",
      "| target | measured | result |",
      "|---|---|---|",
      ...targets.map((t) => `| ${t.target} | ${t.measured} | ${t.pass ? "PASS" : "**MISS**"} |`),
      "",
      failed
        ? `**${failed} of ${targets.length} targets missed in this run.**`
        : `All ${targets.length} targets met in this run.`,
      "",
      "## Against nginx",
      "",
      ...(ratio && pageNginx
        ? [
            `The same page, \`GET ${PAGE}\` with \`accept-encoding: gzip\` and ${CONNECTIONS} connections, from ${nginx.version}`,
            `(\`worker_processes auto\`, \`access_log off\`, \`sendfile on\`, \`gzip_static on\`, keep-alive) and from our server:`,
            "",
            "| | req/s | p50 ms | p99 ms | bytes/resp |",
            "|---|--:|--:|--:|--:|",
            `| ours | ${fmt(pageGzip!.rps)} | ${fmt(pageGzip!.p50)} | ${fmt(pageGzip!.p99)} | ${fmt(pageGzip!.bytesPerResponse)} |`,
            `| nginx | ${fmt(pageNginx.rps)} | ${fmt(pageNginx.p50)} | ${fmt(pageNginx.p99)} | ${fmt(pageNginx.bytesPerResponse)} |`,
            "",
            `**Ours / nginx: ${ratio.rps.toFixed(2)}× the requests per second; ${ratio.p99}.**`,
            "",
            "nginx serves a temporary copy of the same build folder to which the script adds each page's `.gz`",
            "(gzip level 9, as our server compresses pages in memory at start-up; postbuild precompresses assets but not",
            `pages). Bodies: ours ${fmt(pageGzip!.received!.bytes)} bytes, nginx ${fmt(pageNginx.received!.bytes)} bytes,`,
            pageGzip!.received!.sha256 === pageNginx.received!.sha256
              ? "byte for byte the same (SHA-256 compared in this run); the rest of the size difference is headers (our"
              : "NOT the same bytes in this run (SHA-256 differ), so the comparison is skewed; the rest is headers (our",
            "server adds the page's CSP and the other security headers). gzip because nginx's `gzip_static` is built in",
            "while brotli needs an extra module. nginx runs one worker per core; our server is one Node.js process.",
          ]
        : [`No comparison in this run: ${nginxNote}`]),
      "",
      "## Running it",
      "",
      "```sh",
      "apt-get install -y nginx   # once, for the comparison (the script tries this itself when run as root)",
      `npm run bench              # ${seconds} s this time; rewrites docs/performance.md`,
      "```",
      "",
      "Settings (environment): `BENCH_DURATION` (seconds measured, default 10), `BENCH_WARMUP` (default 3),",
      "`BENCH_CONNECTIONS` (page, asset, health, nginx; default 10), `BENCH_LOGIN_CONNECTIONS` (default 8),",
      "`BENCH_FLOOD_CONNECTIONS` (default 32), `BENCH_PAGE` (default `/`), `BENCH_OUTPUT` (default",
      "`docs/performance.md`), `NGINX` (default `/usr/sbin/nginx`), `UV_THREADPOOL_SIZE` (passed to the server).",
      "",
    ].join("\n");
    fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
    fs.writeFileSync(OUTPUT, md);
    console.log(`\nWrote ${path.relative(root, OUTPUT)} (${seconds} s).`);
    if (failed) console.error(`\n!!! MISS: ${failed} of ${targets.length} targets missed (see above) !!!`);
  } finally {
    await cleanUp();
  }
}

await main();
