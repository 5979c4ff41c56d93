// kill -9 in the middle of a stream of sign-ups and inquiries, then a restart on the same data
// folder: every acknowledged record is there and the database opens cleanly. Three kill cycles.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { freePort, inquiryBody, request, serverFolders, spawnServer, waitHealthy, type ServerProcess } from "./helpers";

const CYCLES = 3;
const WORKERS = 4;
/**
 * Sign-ups are limited to 20 per client per 10 minutes, and the count lives in the database, so it
 * carries over from one life of the server to the next: 3 lives x 6 stay below it.
 */
const SIGNUPS_PER_LIFE = 6;
const PASSWORD = "Fault-Suite-1!";

let server: ServerProcess | undefined;
const { clientDir, dataDir } = serverFolders("kill9", () => [server]);

async function startOnDataDir(): Promise<ServerProcess> {
  const s = spawnServer({ port: await freePort(), dataDir, clientDir });
  await waitHealthy(s);
  return s;
}

describe("kill -9 during writes", () => {
  it(`keeps every acknowledged sign-up and inquiry across ${CYCLES} kills`, async () => {
    const ackedInquiries: string[] = [];
    const ackedUsers: string[] = [];
    let serial = 0;

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      server = await startOnDataDir();
      // a lock left by a killed process is taken over by the new one
      expect(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe(String(server.child.pid));
      const current = server;
      const killAfter = 20 + Math.floor(Math.random() * 25);
      let acked = 0;
      let signups = 0;
      let inFlight = 0;
      let inFlightAtKill = -1;
      let killed = false;

      const worker = async () => {
        while (!killed) {
          const n = ++serial;
          const signup = n % 3 === 0 && signups < SIGNUPS_PER_LIFE;
          if (signup) signups++;
          const email = `kill9-${cycle}-${n}@example.com`;
          inFlight++;
          try {
            const r = signup
              ? await request(current.base, "POST", "/api/signup", {
                  body: { certUser: { firstName: "Kill", lastName: `Nine ${n}`, email, password: PASSWORD } },
                })
              : await request(current.base, "POST", "/api/inquiries", { body: inquiryBody(n, "kill9") });
            inFlight--;
            if (r.status < 200 || r.status >= 300) throw new Error(`unexpected ${r.status}: ${r.body}`);
            // acknowledged, even if the answer arrived just after the kill was decided: it must survive
            if (signup) ackedUsers.push(email);
            else ackedInquiries.push((JSON.parse(r.body) as { inquiry: { reference: string } }).inquiry.reference);
            if (++acked === killAfter) {
              killed = true;
              inFlightAtKill = inFlight;
              current.child.kill("SIGKILL");
            }
          } catch (e) {
            inFlight--;
            // a request cut off by the kill was never acknowledged; anything else is a failure
            if (!killed) throw e;
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));

      expect(await current.exited).toEqual({ code: null, signal: "SIGKILL" });
      expect(acked).toBeGreaterThanOrEqual(killAfter);
      expect(inFlightAtKill).toBeGreaterThan(0); // the kill landed mid-stream, with requests in flight
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true); // left behind by the dead process
      console.info(
        `cycle ${cycle}: killed after ${killAfter} acknowledged writes (${acked} in all), ${inFlightAtKill} in flight`,
      );
    }

    // restart: the database opens cleanly and every acknowledged account can log in
    server = await startOnDataDir();
    expect(server.stderr()).toBe("");
    expect(ackedUsers.length).toBeGreaterThan(0);
    for (const email of ackedUsers) {
      const r = await request(server.base, "POST", "/api/login", { body: { email, password: PASSWORD } });
      expect([email, r.status]).toEqual([email, 200]);
      expect((JSON.parse(r.body) as { user: { email: string } }).user.email).toBe(email);
    }
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe("");

    // and every acknowledged inquiry is stored
    const pg = new PGlite(path.join(dataDir, "pglite"));
    try {
      const inquiries = new Set(
        (await pg.query<{ reference: string }>("select reference from inquiries")).rows.map((r) => r.reference),
      );
      expect(ackedInquiries.filter((ref) => !inquiries.has(ref))).toEqual([]);
      const users = new Set((await pg.query<{ email: string }>("select email from users")).rows.map((r) => r.email));
      expect(ackedUsers.filter((email) => !users.has(email))).toEqual([]);
      console.info(
        `${ackedInquiries.length} acknowledged inquiries (${inquiries.size} stored), ${ackedUsers.length} acknowledged sign-ups (${users.size} stored)`,
      );
    } finally {
      await pg.close();
    }
  });
});
