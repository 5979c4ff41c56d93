/**
 * `npm run lighthouse`: Lighthouse 12 (mobile) against the built site on the real server, for the
 * key pages, three runs each. Fails unless the median run scores 100 for accessibility, best practices and SEO
 * and at least LH_MIN_PERFORMANCE (95) for performance.
 * The median of three meets a floor exactly when two runs do, so when the first two runs agree on every
 * category (both meet its floor, or both miss it) the third cannot change the verdict and is skipped
 * (it saves CI about a third of this step). LH_ALL_RUNS=1 always makes three runs, for the reported table.
 * A first run of the first page warms the server and Chromium up and is not scored.
 * Before each run it waits (up to 2 minutes) until the machine's CPU has been idle for a few seconds, and a page
 * that misses only the performance floor is measured again (three measurements at most, each after the machine has
 * been quiet for 15 s): the last one decides, and all are printed with the long tasks of the median run.
 * Usage: npm run lighthouse [-- /path /other-path]; LH_PORT=4930 serves on that port (Chromium on the next one).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "../server/chromium";
import { newSecretKey } from "../server/credentials/keys";
import { SERVER_BUNDLE } from "./build-if-stale.mjs";

type Scores = { perf: number; a11y: number; bp: number; seo: number };
type LHR = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
const RUNS = 3;
const ALL_RUNS = process.env.LH_ALL_RUNS === "1";
/** The gate: the median performance score of the three runs. The target is 100 (issue 16). */
const MIN_PERFORMANCE = Number(process.env.LH_MIN_PERFORMANCE ?? 95);
const KEY_PAGES = ["/", "/credentials", "/about/challenge", "/testing/refund-policy", "/jsexam-details-page"];
const requested = process.argv.slice(2);
const built = (p: string) => fs.existsSync(path.join("build/client", p === "/" ? "" : p, "index.html"));
const pages = (requested.length ? requested : KEY_PAGES).filter((p) => {
  if (built(p)) return true;
  console.log(`skipping ${p}: not in the build`);
  return false;
});

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

/** LH_PORT: the server's port (Chromium's debugging port is the next one); a random one from 4300 otherwise. */
const port = Number(process.env.LH_PORT ?? 4300 + Math.floor(Math.random() * 500));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-lh-"));
const server = spawn(process.execPath, [SERVER_BUNDLE], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: process.env.LH_NODE_ENV ?? "production",
    // production signs credentials: a throw-away key unless one is configured
    CREDENTIAL_SIGNING_KEY: process.env.CREDENTIAL_SIGNING_KEY || (await newSecretKey()),
  },
  stdio: "inherit",
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** Whether two runs fall on the same side of every category's floor. */
function agree(a: Scores, b: Scores): boolean {
  const meets = (s: Scores) => [s.perf >= MIN_PERFORMANCE, s.a11y === 100, s.bp === 100, s.seo === 100];
  const [x, y] = [meets(a), meets(b)];
  return x.every((v, i) => v === y[i]);
}

// the simulated phone is scaled from the time tasks take here: a busy machine scores lower
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
/** The machine's CPU counters (all cores): idle and total, from /proc/stat; undefined elsewhere. Time waiting on
 * the disk (iowait) counts as busy: the page loads read Chromium's cache from that disk. */
function cpuTimes(): { idle: number; total: number } | undefined {
  try {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3]!, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The share of the CPU left idle over the next second (steal counts as busy: another guest has the core). */
async function idleShare(): Promise<number | undefined> {
  const a = cpuTimes();
  await sleep(1000);
  const b = cpuTimes();
  return a && b && b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : undefined;
}
/** The machine counts as quiet once its CPU has been at least this idle for QUIET_SECONDS seconds in a row. */
const QUIET_IDLE = 0.9;
const QUIET_SECONDS = 3;
const QUIET_WAIT_MS = Number(process.env.LH_QUIET_WAIT_MS ?? 120_000);
/**
 * Waits (at most LH_QUIET_WAIT_MS, 2 minutes) until the machine is quiet, before every run: what ran before this
 * step (a test suite, a database's clean-up) and the server's own start-up work (it recompresses its pages with
 * brotli in the background for a few seconds after it is ready) would otherwise be measured as the page's. The
 * CPU's idle share over the last seconds, not the load average, which lags a minute behind. Answers the idle
 * share it last saw.
 */
async function quiet(seconds = QUIET_SECONDS): Promise<number | undefined> {
  const until = Date.now() + QUIET_WAIT_MS;
  let calm = 0;
  let share: number | undefined;
  while (Date.now() < until) {
    share = await idleShare();
    if (share === undefined) return undefined; // no /proc/stat: measure at once
    calm = share >= QUIET_IDLE ? calm + 1 : 0;
    if (calm >= seconds) break;
  }
  return share;
}
/** Before a page is measured again, the machine must have been quiet this long: long enough for a passing burst. */
const SETTLE_SECONDS = 15;
/** How many times a page that misses only the performance floor is measured in all (each a median of three). */
const MEASUREMENTS = 3;

/** The main thread's long tasks of a run as Lighthouse simulated them (start + duration, in ms, and the script). */
function longTasks(lhr: LHR): string {
  const items = (
    lhr.audits["long-tasks"]?.details as { items?: { url?: string; startTime: number; duration: number }[] }
  )?.items;
  return (items ?? [])
    .map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)}${t.url ? ` ${t.url.replace(/^.*\//, "")}` : ""}`)
    .join(", ");
}
const percent = (share: number | undefined) => (share === undefined ? "?" : `${Math.round(share * 100)}%`);
console.log(`load average before the runs: ${load()}`);
let failed = false;
const rows: string[] = [];
try {
  await waitForServer();
  const chrome = await chromeLauncher.launch({
    chromePath,
    ...(process.env.LH_PORT ? { port: port + 1 } : {}),
    chromeFlags: ["--headless", ...CHROMIUM_ARGS],
  });
  try {
    /** One Lighthouse run of page `p` on the server, for these categories. */
    const run = (p: string, onlyCategories: string[]) =>
      lighthouse(`http://127.0.0.1:${port}${p}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories,
      });
    // Three runs per page; the gate and the report use the median of each category (not the best run).
    const measure = async (p: string, settle = QUIET_SECONDS) => {
      const runs: { s: Scores; lhr: LHR }[] = [];
      const idle: string[] = [];
      for (let attempt = 0; attempt < RUNS; attempt++) {
        if (attempt === 2 && !ALL_RUNS && agree(runs[0]!.s, runs[1]!.s)) break;
        idle.push(percent(await quiet(attempt === 0 ? settle : QUIET_SECONDS)));
        const result = await run(p, ["performance", "accessibility", "best-practices", "seo"]);
        const lhr = result!.lhr;
        const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
        runs.push({
          s: {
            perf: score("performance"),
            a11y: score("accessibility"),
            bp: score("best-practices"),
            seo: score("seo"),
          },
          lhr,
        });
      }
      // With two runs that agree on every floor, the lower of the two stands for the median: it meets a floor
      // exactly when the median of three would, whatever the third run scored.
      const median = (k: keyof Scores) => runs.map((r) => r.s[k]).sort((a, b) => a - b)[runs.length === 3 ? 1 : 0]!;
      const s: Scores = { perf: median("perf"), a11y: median("a11y"), bp: median("bp"), seo: median("seo") };
      // The run whose performance is the median: its metrics explain the score.
      const lhr = runs.find((r) => r.s.perf === s.perf)!.lhr;
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
      console.log(
        `  ${p}: performance ${runs.map((r) => r.s.perf).join(", ")}; median run FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}; Lighthouse's CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)}; CPU idle before each run ${idle.join(", ")}; load ${load()}`,
      );
      return { runs, s, lhr, ok: s.perf >= MIN_PERFORMANCE && s.a11y === 100 && s.bp === 100 && s.seo === 100 };
    };
    // One run that is not scored, first: the first loads after the server and Chromium start are slower than
    // any after them (code not yet optimised in the server, Chromium's processes and caches starting), and the
    // first page measured scored 85-93 where it scored 96-99 a minute later on the same quiet machine.
    await quiet();
    await run(pages[0] ?? "/", ["performance"]);
    for (const p of pages) {
      let m = await measure(p);
      // Performance alone is what a busy machine lowers (the simulated phone is scaled from the time tasks take
      // here): a page that misses only that floor is measured again, up to MEASUREMENTS times in all, each time
      // after the machine has been quiet for SETTLE_SECONDS, and the last measurement decides. Accessibility, best
      // practices and SEO do not depend on the machine: no retry.
      for (let n = 1; n < MEASUREMENTS && !m.ok && m.s.a11y === 100 && m.s.bp === 100 && m.s.seo === 100; n++) {
        console.log(
          `  ${p}: performance ${m.s.perf} is under ${MIN_PERFORMANCE}; long tasks of the median run (simulated ms): ${longTasks(m.lhr) || "none"}`,
        );
        console.log(`  ${p}: measuring again once the machine has been quiet for ${SETTLE_SECONDS} s`);
        m = await measure(p, SETTLE_SECONDS);
      }
      const { runs, s, lhr, ok } = m;
      if (!ok) {
        failed = true;
        console.log(`  ${p}: long tasks of the median run (simulated ms): ${longTasks(lhr) || "none"}`);
        for (const cat of Object.values(lhr.categories)) {
          for (const ref of cat.auditRefs) {
            const audit = lhr.audits[ref.id];
            if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0)
              console.log(`  ${p} ${cat.id}: ${audit.id} (${audit.displayValue ?? audit.score})`);
          }
        }
      }
      rows.push(
        `${ok ? "ok  " : "FAIL"} ${p.padEnd(28)} performance ${s.perf} (${runs.length === 3 ? "median of 3" : "lower of 2 agreeing runs"})  accessibility ${s.a11y}  best-practices ${s.bp}  seo ${s.seo}`,
      );
    }
  } finally {
    await chrome.kill();
  }
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(rows.join("\n"));
process.exit(failed ? 1 : 0);
