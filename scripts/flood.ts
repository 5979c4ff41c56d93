/**
 * `npx tsx scripts/flood.ts login|uploads`: what one attacker's flood does to everyone else (issue 25,
 * points 2 and 9). Against a running server (BASE_URL, default http://127.0.0.1:3000), while the flood runs,
 * two probe loops each ask for a page (`/`) and an API read (`GET /api/me` with a session of another
 * account), one request at a time; prints the probes' p50, p99 and worst latency, the flood's answers by
 * status, and (with SERVER_PID) the server's peak resident memory.
 *
 * - `login`: 200 connections post wrong passwords for random addresses, each from a random client address
 *   in X-Forwarded-For (start the server with TRUST_PROXY=1, as behind a proxy, so the per-client login
 *   limit does not stop the flood before the hashing), for FLOOD_SECONDS (default 15).
 * - `uploads`: two parallel accommodation requests with three 5 MB documents each, then a flood of such
 *   requests (FLOOD_PARALLEL at once, default 6, from four accounts) for FLOOD_SECONDS. The accounts'
 *   addresses are confirmed through the development mailbox (a loopback development server).
 *
 * A measuring tool, not a test: numbers depend on the machine and on what else runs on it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const BASE = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 15);
const PASSWORD = "Str0ng!Passw0rd-flood";

const json = (method: string, path: string, body?: unknown, token?: string) =>
  fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A new account, its address confirmed through the development mailbox; answers its session token. */
async function account(tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@flood.example`;
  const signup = await json("POST", "/api/signup", {
    certUser: { firstName: "Flo", lastName: "Od", email, password: PASSWORD },
  });
  if (signup.status !== 201) throw new Error(`sign-up: ${signup.status} ${await signup.text()}`);
  for (let i = 0; i < 50; i++) {
    const box = await fetch(`${BASE}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const link = box.ok
      ? ((await box.json()) as { messages: { links: string[] }[] }).messages
          .flatMap((m) => m.links)
          .find((l) => l.includes("confirm-email?token="))
      : undefined;
    if (link) {
      const token = decodeURIComponent(new URL(link).searchParams.get("token")!);
      await json("POST", "/api/email/confirm", { token });
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await json("POST", "/api/login", { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function summary(name: string, ms: number[], statuses: Map<number, number>) {
  const s = [...ms].sort((a, b) => a - b);
  const codes = [...statuses].map(([k, v]) => `${k}×${v}`).join(" ");
  return `${name.padEnd(10)} n=${s.length} p50=${pct(s, 50).toFixed(1)} ms p99=${pct(s, 99).toFixed(1)} ms max=${s[s.length - 1]!.toFixed(1)} ms (${codes})`;
}

/** Two loops per target, one request at a time each, until `until` resolves. */
async function probe(token: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const results = { page: [] as number[], api: [] as number[] };
  const statuses = { page: new Map<number, number>(), api: new Map<number, number>() };
  const loop = async (kind: "page" | "api") => {
    while (!done) {
      const t0 = performance.now();
      const res = await (kind === "page" ? fetch(`${BASE}/`) : json("GET", "/api/me", undefined, token)).catch(
        () => null,
      );
      await res?.arrayBuffer();
      results[kind].push(performance.now() - t0);
      const code = res?.status ?? 0;
      statuses[kind].set(code, (statuses[kind].get(code) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all([loop("page"), loop("page"), loop("api"), loop("api")]);
  console.log(summary("page /", results.page, statuses.page));
  console.log(summary("api /me", results.api, statuses.api));
}

/** Samples the server's resident memory (VmRSS) every 100 ms; answers the peak in MiB. */
function rssSampler() {
  const pid = process.env.SERVER_PID;
  let peak = 0;
  const read = () => {
    if (!pid) return;
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    if (m) peak = Math.max(peak, Number(m[1]) / 1024);
  };
  read();
  const start = peak;
  const timer = setInterval(read, 100);
  return () => {
    clearInterval(timer);
    return pid ? `server resident memory: ${start.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB` : "";
  };
}

async function loginFlood() {
  const probeToken = await account("probe");
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "login-flood-worker"], {
    stdio: "inherit",
    env: process.env,
  });
  const ended = new Promise((r) => child.on("exit", r));
  const rss = rssSampler();
  await new Promise((r) => setTimeout(r, 1000)); // the flood is under way
  await probe(probeToken, ended);
  console.log(rss());
}

async function loginFloodWorker() {
  const { default: autocannon } = await import("autocannon");
  const rand = () => Math.floor(Math.random() * 250) + 1;
  // `requests` with setupRequest and `statusCodeStats` are autocannon's, missing from its types
  type Req = { headers?: Record<string, string>; body?: string };
  const options = {
    url: `${BASE}/api/login`,
    connections: 200,
    duration: SECONDS,
    timeout: 30,
    requests: [
      {
        method: "POST",
        setupRequest: (req: Req) => ({
          ...req,
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": `10.${rand()}.${rand()}.${rand()}`,
          },
          body: JSON.stringify({
            email: `nobody${Math.random().toString(36).slice(2)}@flood.example`,
            password: "Wrong-passw0rd!",
          }),
        }),
      },
    ],
  };
  const result = (await autocannon(options as unknown as Parameters<typeof autocannon>[0])) as Awaited<
    ReturnType<typeof autocannon>
  > & { statusCodeStats?: Record<string, { count: number }> };
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([k, v]) => `${k}×${v.count}`)
    .join(" ");
  console.log(
    `flood      ${result.requests.total} logins in ${SECONDS} s, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, timeouts ${result.timeouts} (${codes})`,
  );
}

/** A PDF of `bytes` bytes (its first bytes make it a PDF; the rest is filler). */
const pdf = (bytes: number) => {
  const b = Buffer.alloc(bytes, 0x20);
  b.write("%PDF-1.4\n");
  return b;
};

async function uploadFlood() {
  const parallel = Number(process.env.FLOOD_PARALLEL ?? 6);
  const [probeToken, ...attackers] = await Promise.all(["probe", "a1", "a2", "a3", "a4"].map((t) => account(t)));
  const doc = pdf(5 * 1024 * 1024 - 1024);
  const day = new Date(Date.now() + 40 * 86400_000).toISOString().slice(0, 10);
  const statuses = new Map<number, number>();
  let n = 0;
  const one = async () => {
    const i = n++;
    const token = attackers[i % attackers.length]!;
    const form = new FormData();
    form.set("certId", String((i % 5) + 1));
    form.set("plannedRegistrationOn", day);
    form.set("details", "I need extra time because of a documented condition.");
    for (let d = 0; d < 3; d++)
      form.append("documents", new Blob([doc], { type: "application/pdf" }), `letter-${d}.pdf`);
    const multipart = process.env.UPLOAD_AS !== "json";
    const res = await fetch(`${BASE}/api/me/requests/accommodation`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(multipart ? {} : { "content-type": "application/json" }),
      },
      body: multipart
        ? form
        : JSON.stringify({
            certId: (i % 5) + 1,
            plannedRegistrationOn: day,
            details: "I need extra time because of a documented condition.",
            documents: [0, 1, 2].map((d) => ({ name: `letter-${d}.pdf`, data: doc.toString("base64") })),
          }),
    }).catch(() => null);
    await res?.arrayBuffer();
    statuses.set(res?.status ?? 0, (statuses.get(res?.status ?? 0) ?? 0) + 1);
  };
  const rss = rssSampler();
  // two parallel requests, then the flood
  const work = (async () => {
    const t0 = performance.now();
    await Promise.all([one(), one()]);
    console.log(`two parallel accommodation requests (3 × 5 MB each): ${(performance.now() - t0).toFixed(0)} ms`);
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (Date.now() < end) await one();
      }),
    );
    console.log(`uploads    ${n} requests (${[...statuses].map(([k, v]) => `${k}×${v}`).join(" ")})`);
  })();
  await probe(probeToken, work);
  console.log(rss());
}

const mode = process.argv[2];
if (mode === "login") await loginFlood();
else if (mode === "login-flood-worker") await loginFloodWorker();
else if (mode === "uploads") await uploadFlood();
else {
  console.error("usage: tsx scripts/flood.ts login|uploads (BASE_URL, SERVER_PID, FLOOD_SECONDS, FLOOD_PARALLEL)");
  process.exit(2);
}
