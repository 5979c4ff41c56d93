// Two server processes on one PostgreSQL database, as behind a load balancer: wrong-password guesses
// alternated between them meet one limit, a session made on one works (and ends) on the other, and a
// periodic job runs once although both processes look for it every 200 ms.
// Needs a PostgreSQL server: set TEST_DATABASE_URL (CI does); each run makes and drops its own database.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import {
  freePort,
  request,
  serverFolders,
  spawnServer,
  stopServer,
  waitFor,
  waitHealthy,
  withPg,
  type ServerProcess,
} from "./helpers";

const adminUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = "Two-Instances-1!";
const EXPIRED_SESSIONS = 7;

let dbName: string | undefined;
let dbUrl: string;
let reachable = false;
let servers: ServerProcess[] = [];
// the data folder is unused with DATABASE_URL, but never the repository's ./data
const { clientDir, dataDir } = serverFolders("two");

beforeAll(async () => {
  if (!adminUrl) return;
  try {
    await withPg(adminUrl, (c) => c.query("select 1"));
    reachable = true;
  } catch (e) {
    console.warn(`two-instances: skipped, PostgreSQL at TEST_DATABASE_URL does not answer (${(e as Error).message})`);
    return;
  }
  dbName = `citb_faults_${randomBytes(6).toString("hex")}`;
  await withPg(adminUrl, (c) => c.query(`create database ${dbName}`));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();

  // Before either process starts: the schema, and sessions that expired an hour ago, for the job to delete.
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir });
  await database.close();
  await withPg(dbUrl, async (c) => {
    const user = await c.query<{ id: number }>(
      `insert into users (email, email_key, password_hash, first_name, last_name)
       values ('expired@example.com', 'expired@example.com', 'not-a-hash', 'Ex', 'Pired') returning id`,
    );
    await c.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select 'expired-' || g, $1, now() - interval '1 hour' from generate_series(1, ${EXPIRED_SESSIONS}) g`,
      [user.rows[0]!.id],
    );
  });

  // both at once, each looking for due jobs every 200 ms
  const ports = [await freePort(), await freePort()];
  servers = ports.map((port) =>
    spawnServer({ port, dataDir, clientDir, databaseUrl: dbUrl, logLevel: "info", env: { JOBS_POLL_MS: "200" } }),
  );
  await Promise.all(servers.map((s) => waitHealthy(s)));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s, true)));
  if (dbName) await withPg(adminUrl!, (c) => c.query(`drop database if exists ${dbName} with (force)`));
});

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe.skipIf(!adminUrl)("two server processes on one PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  it("share one login limit: guesses alternated between them are refused after five in all", async (ctx) => {
    if (!reachable) return ctx.skip();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const email = "guessed@example.com";
    const signup = await request(a.base, "POST", "/api/signup", {
      body: { certUser: { firstName: "Guess", lastName: "Ed", email, password: PASSWORD } },
    });
    expect(signup.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await request(i % 2 === 0 ? a.base : b.base, "POST", "/api/login", {
        body: { email, password: `Wrong-guess-${i}!` },
      });
      statuses.push(r.status);
    }
    // five guesses per account per 15 minutes (LOGIN_LIMITS): one count for both processes, not five each
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const right = await request(b.base, "POST", "/api/login", { body: { email, password: PASSWORD } });
    expect(right.status).toBe(429); // even the right password waits now, on either process
  });

  it("share sessions: a cookie from one process works on the other, and a logout on either ends it", async (ctx) => {
    if (!reachable) return ctx.skip();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const email = "roaming@example.com";
    await request(b.base, "POST", "/api/signup", {
      body: { certUser: { firstName: "Ro", lastName: "Aming", email, password: PASSWORD } },
    });
    const login = await request(a.base, "POST", "/api/login", { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
    expect(cookie).toMatch(/^citb_session=./);

    const me = await request(b.base, "GET", "/api/me", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((json(me.body).user as { email: string }).email).toBe(email);

    expect((await request(b.base, "POST", "/api/logout", { headers: { cookie } })).status).toBe(204);
    expect((await request(a.base, "GET", "/api/me", { headers: { cookie } })).status).toBe(401);
  });

  it("run a periodic job once: the expired sessions are deleted by one process, in one pass", async (ctx) => {
    if (!reachable) return ctx.skip();
    const runs = () =>
      servers.flatMap((s, i) =>
        s
          .stdout()
          .split("\n")
          .filter((l) => l.includes('"msg":"periodic job ran"') && l.includes('"job":"expired-sessions"'))
          .map((l) => ({ server: i, rows: (JSON.parse(l) as { rows: number }).rows })),
      );
    await waitFor("the expired sessions job", () => runs().length > 0, 10_000);
    // both processes keep looking every 200 ms; a second run would show within a second
    await new Promise((r) => setTimeout(r, 1500));
    const ran = runs();
    expect(ran).toHaveLength(1);
    expect(ran[0]!.rows).toBe(EXPIRED_SESSIONS);
    const left = await withPg(dbUrl, (c) =>
      c.query<{ n: string }>("select count(*) as n from sessions where expires_at <= now()"),
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    for (const s of servers) expect(s.alive()).toBe(true);
  });

  it("both stop cleanly", async (ctx) => {
    if (!reachable) return ctx.skip();
    for (const s of servers) s.child.kill("SIGTERM");
    const exits = await Promise.all(servers.map((s) => s.exited));
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    for (const s of servers) expect(s.stderr()).toBe("");
  });
});
