/**
 * `npm run lighthouse`: Lighthouse 12 (mobile) against the built site on the real server, for the
 * key pages, three runs each. Fails unless the median run scores 100 for accessibility, best practices and SEO
 * and at least LH_MIN_PERFORMANCE (95) for performance.
 * The median of three meets a floor exactly when two runs do, so when the first two runs agree on every
 * category (both meet its floor, or both miss it) the third cannot change the verdict and is skipped
 * (it saves CI about a third of this step). LH_ALL_RUNS=1 always makes three runs, for the reported table.
 * Before each page it waits (up to 2 minutes) for the machine's load to settle, and a page that misses only the
 * performance floor is measured once more after such a wait: the second measurement decides, and both are printed.
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
/** Below this one-minute load average per core, the machine counts as quiet. */
const QUIET_LOAD_PER_CORE = 0.5;
const QUIET_WAIT_MS = Number(process.env.LH_QUIET_WAIT_MS ?? 120_000);
/** Waits (at most LH_QUIET_WAIT_MS, 2 minutes) for the work before this step (a test suite, PostgreSQL's clean-up) to settle. */
async function quiet() {
  const cores = os.availableParallelism();
  const until = Date.now() + QUIET_WAIT_MS;
  while (os.loadavg()[0]! / cores > QUIET_LOAD_PER_CORE && Date.now() < until)
    await new Promise((r) => setTimeout(r, 5000));
}
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
    // Three runs per page; the gate and the report use the median of each category (not the best run).
    const measure = async (p: string) => {
      await quiet();
      const runs: { s: Scores; lhr: LHR }[] = [];
      for (let attempt = 0; attempt < RUNS; attempt++) {
        if (attempt === 2 && !ALL_RUNS && agree(runs[0]!.s, runs[1]!.s)) break;
        const result = await lighthouse(`http://127.0.0.1:${port}${p}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
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
        `  ${p}: performance ${runs.map((r) => r.s.perf).join(", ")}; median run FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}; Lighthouse's CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)}, load ${load()}`,
      );
      return { runs, s, lhr, ok: s.perf >= MIN_PERFORMANCE && s.a11y === 100 && s.bp === 100 && s.seo === 100 };
    };
    for (const p of pages) {
      let m = await measure(p);
      // Performance alone is what a busy machine lowers (the simulated phone is scaled from the time tasks take
      // here): a page that misses only that floor is measured once more, after the machine has settled, and the
      // second measurement decides. Accessibility, best practices and SEO do not depend on the machine: no retry.
      if (!m.ok && m.s.a11y === 100 && m.s.bp === 100 && m.s.seo === 100) {
        console.log(
          `  ${p}: performance ${m.s.perf} is under ${MIN_PERFORMANCE}; measuring once more when the machine is quiet`,
        );
        m = await measure(p);
      }
      const { runs, s, lhr, ok } = m;
      if (!ok) {
        failed = true;
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
