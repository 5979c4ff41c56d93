// SIGTERM while fifty requests are in flight, ten times over on one data folder: every request the server
// accepted is answered (none is dropped with ECONNRESET), new connections are refused at once, the process
// exits 0 and frees the data folder, and every answered request is stored.
// Each round holds two kinds of requests in flight when the signal comes: slow ones whose headers and half
// of the body have reached the router (the rest arrives after the signal), and a burst sent at once whose
// connections are open but which the server may not have read yet (the race of issue 14.3).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import {
  connectionRefused,
  freePort,
  inquiryBody,
  request,
  serverFolders,
  spawnServer,
  waitFor,
  waitHealthy,
  type ServerProcess,
} from "./helpers";

const ROUNDS = 10;
const SLOW = 25;
const BURST = 25;

let server: ServerProcess | undefined;
const { clientDir, dataDir } = serverFolders("sigterm", () => [server]);

interface InFlight {
  req: http.ClientRequest;
  /** resolves once the TCP connection is established (the server's kernel has accepted it) */
  connected: Promise<void>;
  done: Promise<{ status: number; body: string }>;
}

/** A POST /api/inquiries on its own connection; `firstPart` bytes of the body are written now. */
function inquiry(base: string, tag: string, i: number, firstPart: "all" | "half"): InFlight & { rest: Buffer } {
  const payload = Buffer.from(JSON.stringify(inquiryBody(i, tag)));
  const cut = firstPart === "all" ? payload.length : Math.floor(payload.length / 2);
  let req!: http.ClientRequest;
  let connected!: Promise<void>;
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
    connected = new Promise((resolve) => req.once("socket", (s) => s.once("connect", () => resolve())));
  });
  done.catch(() => {}); // judged later, with the others (Promise.allSettled)
  req.write(payload.subarray(0, cut));
  if (firstPart === "all") req.end();
  return { req, connected, done, rest: payload.subarray(cut) };
}

const outcome = (r: PromiseSettledResult<{ status: number }>) =>
  r.status === "fulfilled" ? r.value.status : `${(r.reason as NodeJS.ErrnoException).code ?? r.reason}`;

/** How many POST /api/inquiries the server has begun to read (its "incoming request" lines, at debug). */
const incomingInquiries = (stdout: string) =>
  stdout.split("\n").filter((l) => l.includes('"msg":"incoming request"') && l.includes('"path":"/api/inquiries"'))
    .length;

describe("SIGTERM with requests in flight", () => {
  it(`answers every accepted request in ${ROUNDS} rounds of ${SLOW + BURST} in flight, and exits 0 each time`, async () => {
    const answered: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const port = await freePort();
      // debug level: the "incoming request" lines tell us when the server has received each slow request
      // a long shutdown budget: on a busy machine the hundred requests of a round take seconds to answer
      server = spawnServer({ port, dataDir, clientDir, logLevel: "debug", env: { SHUTDOWN_TIMEOUT_MS: "20000" } });
      await waitHealthy(server);
      const current = server;
      const startedAt = Date.now();

      const slow = Array.from({ length: SLOW }, (_, i) => inquiry(current.base, `r${round}-slow`, i, "half"));
      await waitFor(`${SLOW} slow requests to reach the router`, () => incomingInquiries(current.stdout()) === SLOW);
      // the burst: whole requests, sent at once; the signal follows as soon as their connections are open
      const burst = Array.from({ length: BURST }, (_, i) => inquiry(current.base, `r${round}-burst`, i, "all"));
      await Promise.all(burst.map((b) => b.connected));
      current.child.kill("SIGTERM");

      // the burst is answered, every one of it, while the slow requests still wait for their bodies
      const burstOutcomes = await Promise.allSettled(burst.map((b) => b.done));
      expect({ round, burst: burstOutcomes.map(outcome) }).toEqual({ round, burst: Array(BURST).fill(201) });

      // then the listener closes: a new connection is refused, not left hanging (the server keeps accepting
      // while connections still arrive, at most a quarter of SHUTDOWN_TIMEOUT_MS, so the probes are sparse)
      await waitFor("new connections to be refused", () => connectionRefused(port), 10_000, 250);
      await expect(request(current.base, "GET", "/api/health", { timeoutMs: 2000 })).rejects.toMatchObject({
        code: "ECONNREFUSED",
      });
      expect(current.alive()).toBe(true);

      // the slow clients finish their bodies, and are answered too
      for (const s of slow) s.req.end(s.rest);
      const slowOutcomes = await Promise.allSettled(slow.map((s) => s.done));
      expect({ round, slow: slowOutcomes.map(outcome) }).toEqual({ round, slow: Array(SLOW).fill(201) });
      const settled = [...burstOutcomes, ...slowOutcomes];
      const references = settled.map(
        (r) =>
          (JSON.parse((r as PromiseFulfilledResult<{ body: string }>).value.body) as { inquiry: { reference: string } })
            .inquiry.reference,
      );
      for (const ref of references) expect(ref).toMatch(/^INQ-[A-Z0-9]{8}$/);
      answered.push(...references);

      expect(await current.exited).toEqual({ code: 0, signal: null });
      expect(current.stderr()).toBe("");
      // a clean stop releases the data folder for the next round's process
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
      console.info(
        `round ${round}: ${SLOW + BURST} answered, exit 0, ${Date.now() - startedAt} ms from the first request`,
      );
    }
    expect(new Set(answered).size).toBe(ROUNDS * (SLOW + BURST));

    // every answered request was stored
    const pg = new PGlite(path.join(dataDir, "pglite"));
    try {
      const rows = await pg.query<{ reference: string }>("select reference from inquiries");
      expect(rows.rows.map((r) => r.reference).sort()).toEqual([...answered].sort());
    } finally {
      await pg.close();
    }
  }, 240_000); // ten server starts and five hundred requests: minutes on a busy machine
});
