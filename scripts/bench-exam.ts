/**
 * The exam scenario of the load figures (issue 27.9): simulated candidates, each with a started sitting,
 * each saving one answer every 10 seconds (a random phase, the next position, a random option, seq + 1),
 * as the exam page does. For each number of candidates it measures every save's latency for
 * BENCH_EXAM_SECONDS and reports p50/p99 and errors; the answer is the largest number with p99 under 100 ms
 * and no error. Two set-ups: one server process on the embedded database (PGlite), and two processes on one
 * PostgreSQL database (candidates split between them).
 *
 * The load generator is this process: Node's http with keep-alive agents. At 10 s per save, 1000 candidates
 * are 100 requests a second, which costs it little; its CPU share is measured (process.cpuUsage) and shown
 * beside the servers' (from /proc), so it is seen not to be the bottleneck.
 *
 *   npm run bench:exam                             # both set-ups
 *   BENCH_EXAM_SETUPS=pglite npm run bench:exam
 *
 * Environment: BENCH_EXAM_LEVELS (candidates per step, default 100,250,500,750,1000,1500,2000),
 * BENCH_EXAM_SECONDS (per step, default 20), BENCH_EXAM_INTERVAL_MS (default 10000), BENCH_EXAM_PORTS
 * (default 4181,4182), BENCH_EXAM_DATABASE_URL (an admin URL of PostgreSQL; default
 * postgres://postgres@127.0.0.1:5432/test; a new database is made and dropped). `runExamBench()` is exported
 * for scripts/bench.ts to call; it returns the rows and the markdown table.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newSecretKey } from "../server/credentials/keys";
import { createScratchDatabase, dropScratchDatabase } from "../server/testing/scratch-database";
import type { SeededCandidate } from "./bench-exam/server";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const LEVELS = (process.env.BENCH_EXAM_LEVELS ?? "100,250,500,750,1000,1500,2000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_EXAM_SECONDS ?? 20);
const INTERVAL = Number(process.env.BENCH_EXAM_INTERVAL_MS ?? 10_000);
const PORTS = (process.env.BENCH_EXAM_PORTS ?? "4181,4182").split(",").map(Number);
const PG_ADMIN = process.env.BENCH_EXAM_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const P99_LIMIT_MS = 100;

export interface ExamBenchRow {
  setup: string;
  candidates: number;
  saves: number;
  errors: number;
  p50: number;
  p99: number;
  serverCpu: number;
  generatorCpu: number;
  ok: boolean;
}

const children: ChildProcess[] = [];

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // a production server refuses to start without a signing key for credentials: the bench makes one
  const key = await newSecretKey();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "bench-exam", "server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      CREDENTIAL_SIGNING_KEY: key,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (b: Buffer) => {
      if (b.toString().includes("ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
  });
}

async function stopAll() {
  for (const c of children.splice(0)) {
    if (c.exitCode !== null) continue;
    c.kill("SIGTERM");
    await new Promise((r) => c.once("exit", r));
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

function save(agent: http.Agent, port: number, c: SeededCandidate, seq: number): Promise<{ ms: number; ok: boolean }> {
  const position = ((seq - 1) % c.options.length) + 1;
  const opts = c.options[position - 1]!;
  const body = JSON.stringify({
    holderId: c.holderId,
    saves: [{ position, seq, choice: opts[Math.floor(Math.random() * opts.length)], flagged: false, struck: [] }],
  });
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: "127.0.0.1",
        port,
        method: "PUT",
        path: `/api/me/sittings/${c.sittingId}/answers`,
        headers: {
          authorization: `Bearer ${c.token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ ms: performance.now() - started, ok: res.statusCode === 200 }));
      },
    );
    req.on("error", () => resolve({ ms: performance.now() - started, ok: false }));
    req.end(body);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** One step: `n` candidates saving every INTERVAL for SECONDS, spread over the servers' ports. */
async function step(
  setup: string,
  servers: { port: number; pid: number }[],
  all: SeededCandidate[],
  n: number,
  seqs: number[],
) {
  const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const latencies: number[] = [];
  let errors = 0;
  const cpu0 = servers.map((s) => cpuSeconds(s.pid));
  const gen0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    for (let i = 0; i < n; i++) {
      const s = i % servers.length;
      const fire = () => {
        if (performance.now() >= end) return;
        pending.push(
          save(agents[s]!, servers[s]!.port, all[i]!, ++seqs[i]!).then((r) => {
            if (r.ok) latencies.push(r.ms);
            else errors++;
          }),
        );
      };
      const phase = Math.random() * INTERVAL;
      timers.push(
        setTimeout(() => {
          fire();
          timers.push(setInterval(fire, INTERVAL));
        }, phase),
      );
    }
    setTimeout(() => {
      for (const t of timers) clearTimeout(t);
      resolve();
    }, SECONDS * 1000);
  });
  await Promise.all(pending);
  const wall = (performance.now() - t0) / 1000;
  const gen = process.cpuUsage(gen0);
  for (const a of agents) a.destroy();
  latencies.sort((a, b) => a - b);
  const serverCpu = servers.reduce((sum, s, i) => sum + cpuSeconds(s.pid) - cpu0[i]!, 0) / wall;
  const row: ExamBenchRow = {
    setup,
    candidates: n,
    saves: latencies.length,
    errors,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    serverCpu,
    generatorCpu: (gen.user + gen.system) / 1e6 / wall,
    ok: false,
  };
  row.ok = errors === 0 && row.p99 < P99_LIMIT_MS;
  return row;
}

async function runSetup(setup: "pglite" | "postgres"): Promise<ExamBenchRow[]> {
  const max = Math.max(...LEVELS);
  const seedFile = path.join(os.tmpdir(), `bench-exam-${setup}-${process.pid}.json`);
  const rows: ExamBenchRow[] = [];
  let dbName: string | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-exam-data-"));
  try {
    let envs: Record<string, string>[];
    if (setup === "pglite") envs = [{ DATA_DIR: dataDir }];
    else {
      dbName = `citb_bench_exam_${process.pid}`;
      const url = await createScratchDatabase(PG_ADMIN, dbName);
      envs = [{ DATABASE_URL: url }, { DATABASE_URL: url }];
    }
    console.log(`[${setup}] seeding ${max} candidates with started sittings…`);
    const first = await startServer({
      ...envs[0]!,
      PORT: String(PORTS[0]),
      BENCH_SEED: String(max),
      BENCH_SEED_FILE: seedFile,
    });
    const servers = [{ port: PORTS[0]!, pid: first.pid! }];
    for (let i = 1; i < envs.length; i++) {
      const c = await startServer({ ...envs[i]!, PORT: String(PORTS[i]) });
      servers.push({ port: PORTS[i]!, pid: c.pid! });
    }
    const all = JSON.parse(fs.readFileSync(seedFile, "utf8")) as SeededCandidate[];
    const seqs = all.map(() => 0);
    for (const n of LEVELS) {
      const row = await step(
        setup === "pglite" ? "1 process, PGlite" : "2 processes, PostgreSQL",
        servers,
        all,
        n,
        seqs,
      );
      rows.push(row);
      console.log(
        `[${setup}] ${n} candidates: ${row.saves} saves, ${row.errors} errors, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, server CPU ${(row.serverCpu * 100).toFixed(0)} %, generator CPU ${(row.generatorCpu * 100).toFixed(0)} % ${row.ok ? "ok" : "MISS"}`,
      );
      if (!row.ok) break;
    }
  } finally {
    await stopAll();
    fs.rmSync(seedFile, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await dropScratchDatabase(PG_ADMIN, dbName);
  }
  return rows;
}

export function examBenchTable(rows: ExamBenchRow[]): string {
  const lines = [
    "| set-up | candidates | saves | errors | p50 ms | p99 ms | server CPU | load generator CPU | p99 < 100 ms, no error |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${r.setup} | ${r.candidates} | ${r.saves} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.serverCpu * 100).toFixed(0)} % | ${(r.generatorCpu * 100).toFixed(0)} % | ${r.ok ? "yes" : "no"} |`,
    ),
  ];
  return lines.join("\n");
}

export async function runExamBench(setups = (process.env.BENCH_EXAM_SETUPS ?? "pglite,postgres").split(",")) {
  const rows: ExamBenchRow[] = [];
  for (const s of setups) rows.push(...(await runSetup(s as "pglite" | "postgres")));
  const best = (setup: string) =>
    Math.max(0, ...rows.filter((r) => r.setup.includes(setup) && r.ok).map((r) => r.candidates));
  return { rows, table: examBenchTable(rows), largest: { pglite: best("PGlite"), postgres: best("PostgreSQL") } };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const stop = async () => {
    await stopAll();
    process.exit(130);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  runExamBench()
    .then(({ table, largest }) => {
      console.log(
        `\n${table}\n\nLargest with p99 < ${P99_LIMIT_MS} ms and no error: ${largest.pglite} candidates on one process (PGlite), ${largest.postgres} on two processes (PostgreSQL). Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(", ")} on ${os.cpus().length} cores.`,
      );
    })
    .catch(async (e: unknown) => {
      console.error(e);
      await stopAll();
      process.exit(1);
    });
}
