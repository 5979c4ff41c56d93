/**
 * `npm run bench`: load figures for the production build on the real server, measured with autocannon on
 * the same machine, and the same page and asset served by nginx (Debian's package) from the same build in
 * the same run. The server runs at the default log level (info) for every row; the page and the asset are
 * measured again at `warn` beside it. It records the server's resident memory idle and under load, and the
 * cold start of `npm start` on the built tree. Writes docs/performance.md (machine, date, tables, targets)
 * and prints the tables. It is a report, not a test: it exits 0 when a target is missed, and says MISS loudly.
 *
 * Environment: BENCH_DURATION (seconds measured per scenario, default 10), BENCH_WARMUP (seconds of
 * discarded warm-up before each, default 3), BENCH_CONNECTIONS (page, asset, health and nginx, default 10),
 * BENCH_LOGIN_CONNECTIONS (default 8), BENCH_FLOOD_CONNECTIONS (the login flood, default 32), BENCH_PAGE
 * (default /), BENCH_COLD_STARTS (default 3), BENCH_LOG_LEVEL (default info), BENCH_OUTPUT (default
 * docs/performance.md), NGINX (default /usr/sbin/nginx), UV_THREADPOOL_SIZE (passed to the server).
 *
 * The parts: bench/config.ts (settings, targets), bench/processes.ts (children, clean-up, HTTP helpers,
 * memory), bench/machine.ts (machine facts, nginx), bench/servers.ts (ours, nginx, cold start),
 * bench/scenarios.ts (autocannon), bench/report.ts (tables) and bench/markdown.ts (the page).
 */
import fs from "node:fs";
import path from "node:path";
import { buildIfStale, root } from "./build-if-stale.mjs";
import {
  BROWSER_ENCODING,
  CLIENT_DIR,
  COLD_STARTS,
  CONNECTIONS,
  DURATION,
  FLOOD_CONNECTIONS,
  LOG_LEVEL,
  LOGIN_CONNECTIONS,
  OUTPUT,
  PAGE,
  TARGETS,
  WARMUP,
} from "./bench/config";
import { ensureNginx, machineFacts } from "./bench/machine";
import { benchMarkdown, type Target } from "./bench/markdown";
import { cleanUp, isInterrupted, pause, probe, rssMiB, sampleRss, stopChild } from "./bench/processes";
import { clean, fmt, tableLines } from "./bench/report";
import { biggestAsset, check, measure, type Row, type Scenario } from "./bench/scenarios";
import { coldStart, startNginx, startServer, type OurServer } from "./bench/servers";

function main() {
  return run().catch(async (e: unknown) => {
    if (isInterrupted()) return; // the signal handler cleans up and exits
    console.error(`bench failed: ${(e as Error).stack ?? e}`);
    await cleanUp();
    process.exit(1);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
    // ---------------------------------------------------------- cold start, before anything else runs
    const coldStarts: number[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      if (isInterrupted()) throw new Error("interrupted");
      const ms = await coldStart();
      console.log(`cold start ${i + 1}/${COLD_STARTS}: npm start to a healthy /api/health in ${fmt(ms)} ms`);
      coldStarts.push(ms);
    }

    console.log(`Starting the server (production, LOG_LEVEL=${LOG_LEVEL}, fresh embedded database)…`);
    const ours = await startServer(LOG_LEVEL);
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
    await pause(2000);
    const rssIdle = rssMiB(ours.child.pid);
    const underLoad = sampleRss(ours.child.pid);

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
      server = "ours",
    ): Scenario => ({
      name,
      server,
      method: "GET",
      url: `${base}${p}`,
      headers,
      connections: CONNECTIONS,
    });

    const step = async (...scenarios: Scenario[]) => {
      if (isInterrupted()) throw new Error("interrupted");
      const checked = await Promise.all(scenarios.map((s) => check(s)));
      console.log(
        `\n▶ ${checked.map((s) => `${s.name} (${s.server})`).join(" + ")} (${WARMUP} s warm-up, ${DURATION} s measured)`,
      );
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
    const [assetGzip] = await step(get("hashed static asset, gzip", ours.base, asset, gzipOnly));
    const [assetNginx] = other
      ? await step(get("hashed static asset, gzip", other.base, asset, gzipOnly, "nginx"))
      : [];
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
    const rssPeak = underLoad.stop();
    const rssAfter = rssMiB(ours.child.pid);
    const logBytes = fs.existsSync(ours.logFile) ? fs.statSync(ours.logFile).size : 0;

    if (other) {
      const log = fs.existsSync(other.errorLog) ? fs.readFileSync(other.errorLog, "utf8").trim() : "";
      if (log) console.log(`nginx error log:\n${log}`);
    }

    // ---------------------------------------------------------- the same page and asset at warn
    await stopChild(ours.child);
    let quiet: OurServer | undefined;
    const quietRows: Row[] = [];
    if (LOG_LEVEL !== "warn") {
      console.log("\nStarting a second server at LOG_LEVEL=warn for the log-level comparison…");
      quiet = await startServer("warn");
      const at = "ours at warn";
      quietRows.push(...(await step(get("prerendered page", quiet.base, PAGE, browser, at))));
      quietRows.push(...(await step(get("prerendered page, gzip", quiet.base, PAGE, gzipOnly, at))));
      quietRows.push(...(await step(get("hashed static asset", quiet.base, asset, browser, at))));
      await stopChild(quiet.child);
    }

    if (isInterrupted()) throw new Error("interrupted"); // never write a report from cut-short runs
    // ---------------------------------------------------------- targets
    const ratio = (a: Row | undefined, b: Row | undefined) => (a && b && b.rps > 0 ? a.rps / b.rps : undefined);
    const pageRatio = ratio(pageGzip, pageNginx);
    const assetRatio = ratio(assetGzip, assetNginx);
    const targets: Target[] = [
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
        target: `prerendered page, gzip: at least ${TARGETS.nginxRatio}× nginx's req/s`,
        measured: pageRatio === undefined ? "no nginx in this run" : `${pageRatio.toFixed(2)}×`,
        pass: pageRatio !== undefined && pageRatio >= TARGETS.nginxRatio && clean(pageGzip),
      },
      {
        target: `biggest hashed asset, gzip: at least ${TARGETS.nginxRatio}× nginx's req/s`,
        measured: assetRatio === undefined ? "no nginx in this run" : `${assetRatio.toFixed(2)}×`,
        pass: assetRatio !== undefined && assetRatio >= TARGETS.nginxRatio && clean(assetGzip),
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
    const seconds = Math.round((Date.now() - t0) / 1000);

    // ---------------------------------------------------------- stdout
    console.log(`\n${tableLines([...rows, ...quietRows]).join("\n")}\n`);
    for (const t of targets) {
      const line = `${t.pass ? "PASS" : "MISS"}  ${t.target.replaceAll("`", "")}: ${t.measured}`;
      if (t.pass) console.log(line);
      else console.error(`!!! ${line} !!!`);
    }
    const mem = (n: number | undefined) => (n === undefined ? "unknown" : `${fmt(n)} MiB`);
    console.log(`\nresident memory: idle ${mem(rssIdle)}, peak under load ${mem(rssPeak)}, after ${mem(rssAfter)}`);
    console.log(`cold start (npm start to healthy): ${coldStarts.map((m) => `${fmt(m)} ms`).join(", ")}`);
    if (!other) console.log(`\nno nginx comparison: ${nginxNote}`);

    // ---------------------------------------------------------- docs/performance.md
    const md = benchMarkdown({
      started,
      seconds,
      machine,
      nginxVersion: nginx.version,
      nginxNote,
      asset,
      rows,
      quietRows,
      targets,
      nginxRows: { page: [pageGzip, pageNginx], asset: [assetGzip, assetNginx] },
      memory: { idle: rssIdle, peak: rssPeak, after: rssAfter },
      logBytes,
      coldStarts,
      coldStartMedian: coldStarts.length ? median(coldStarts) : undefined,
      previous: fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, "utf8") : "",
    });
    fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
    fs.writeFileSync(OUTPUT, md);
    const failed = targets.filter((t) => !t.pass).length;
    console.log(`\nWrote ${path.relative(root, OUTPUT)} (${seconds} s).`);
    if (failed) console.error(`\n!!! MISS: ${failed} of ${targets.length} targets missed (see above) !!!`);
  } finally {
    await cleanUp();
  }
}

await main();
