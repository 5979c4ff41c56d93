// SIGTERM while fifty slow requests are in flight: every one completes, then the process exits 0.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectionRefused,
  fixtureClientDir,
  freePort,
  inquiryBody,
  request,
  spawnServer,
  stopServer,
  tempDir,
  waitFor,
  waitHealthy,
  type ServerProcess,
} from "./helpers";

const IN_FLIGHT = 50;

let clientDir: string;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  clientDir = fixtureClientDir();
  dataDir = tempDir("sigterm");
});

afterAll(async () => {
  await stopServer(server, true);
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface SlowRequest {
  rest: Buffer;
  req: http.ClientRequest;
  done: Promise<{ status: number; body: string }>;
}

/** A POST /api/inquiries whose headers and first half of the body are sent now, the rest later. */
function slowInquiry(base: string, i: number): SlowRequest {
  const payload = Buffer.from(JSON.stringify(inquiryBody(i, "sigterm")));
  const half = Math.floor(payload.length / 2);
  let req!: http.ClientRequest;
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = http.request(
      `${base}/api/inquiries`,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": payload.length },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
  req.write(payload.subarray(0, half));
  return { rest: payload.subarray(half), req, done };
}

const incomingInquiries = (stdout: string) =>
  stdout.split("\n").filter((l) => l.includes('"msg":"incoming request"') && l.includes('"path":"/api/inquiries"'))
    .length;

describe("SIGTERM with requests in flight", () => {
  it(`lets all ${IN_FLIGHT} slow requests finish, refuses new connections, and exits 0`, async () => {
    const port = await freePort();
    // debug level: the "incoming request" lines tell us when the server has received each request
    server = spawnServer({ port, dataDir, clientDir, logLevel: "debug" });
    await waitHealthy(server);

    const slow = Array.from({ length: IN_FLIGHT }, (_, i) => slowInquiry(server!.base, i));
    // every request's headers have reached the router and its body is half read
    await waitFor(`${IN_FLIGHT} requests to reach the server`, () => incomingInquiries(server!.stdout()) === IN_FLIGHT);

    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await waitFor("the shutdown to begin", () => server!.stdout().includes("shutting down"), 5000, 10);

    // The listener closes at once: a new connection is refused, not left hanging.
    await waitFor("new connections to be refused", () => connectionRefused(port), 3000, 20);
    await expect(request(server.base, "GET", "/api/health", { timeoutMs: 2000 })).rejects.toMatchObject({
      code: "ECONNREFUSED",
    });
    expect(server.alive()).toBe(true);

    // the slow clients finish their bodies half a second after the signal
    await new Promise((r) => setTimeout(r, Math.max(0, 500 - (Date.now() - signalledAt))));
    for (const s of slow) s.req.end(s.rest);
    const settled = await Promise.allSettled(slow.map((s) => s.done));
    const outcomes = settled.map((r) =>
      r.status === "fulfilled" ? r.value.status : `${(r.reason as NodeJS.ErrnoException).code ?? r.reason}`,
    );
    expect(outcomes).toEqual(Array(IN_FLIGHT).fill(201));
    const results = settled.map((r) => (r as PromiseFulfilledResult<{ status: number; body: string }>).value);
    const references = results.map((r) => (JSON.parse(r.body) as { inquiry: { reference: string } }).inquiry.reference);
    for (const ref of references) expect(ref).toMatch(/^INQ-[A-Z0-9]{8}$/);
    expect(new Set(references).size).toBe(IN_FLIGHT);

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe("");
    // a clean stop releases the data folder
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    // every answered request was stored
    const pg = new PGlite(path.join(dataDir, "pglite"));
    try {
      const rows = await pg.query<{ reference: string }>("select reference from inquiries");
      expect(rows.rows.map((r) => r.reference).sort()).toEqual([...references].sort());
    } finally {
      await pg.close();
    }
  });
});
