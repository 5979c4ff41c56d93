// The PostgreSQL database goes away while the server runs: API routes answer 503 JSON without
// internals, prerendered pages still answer 200, and the API recovers by itself when it returns.
// Needs a PostgreSQL server: set TEST_DATABASE_URL (CI does). A TCP proxy in this process sits
// between the server and PostgreSQL so the test can cut and restore the connection.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PAGE_MARKER,
  fixtureClientDir,
  freePort,
  inquiryBody,
  request,
  spawnServer,
  stopServer,
  tempDir,
  waitFor,
  withPg,
  type Reply,
  type ServerProcess,
} from "./helpers";

const adminUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = "Outage-Suite-1!";
const EMAIL = "outage@example.com";
const UNAVAILABLE = {
  error: "service_unavailable",
  message: "The service is temporarily unavailable. Please try again shortly.",
};
const HEALTH_DOWN = { error: "service_unavailable", message: "The database is not answering." };

type Mode = "refuse" | "blackhole" | "stall";

/** A TCP proxy to PostgreSQL that can be cut in three ways (see `cut`) and restored. */
class DbProxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  mode: "up" | Mode = "up";
  constructor(
    readonly port: number,
    private target: { host: string; port: number },
  ) {}

  private track(s: net.Socket) {
    this.sockets.add(s);
    s.on("close", () => this.sockets.delete(s));
    s.on("error", () => s.destroy());
  }

  async listen() {
    this.server = net.createServer((client) => {
      this.track(client);
      if (this.mode === "blackhole") return; // accepted, never answered
      const upstream = net.connect(this.target.port, this.target.host);
      this.track(upstream);
      // forwarded by hand, so a "stall" can drop the bytes of connections that stay open
      client.on("data", (d: Buffer) => {
        if (this.mode === "up") upstream.write(d);
      });
      upstream.on("data", (d: Buffer) => {
        if (this.mode === "up") client.write(d);
      });
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  /**
   * "refuse": drops every connection and stops listening; "blackhole": drops every connection and
   * accepts new ones in silence; "stall": keeps every connection open but silent, like a partition.
   */
  async cut(mode: Mode) {
    this.mode = mode;
    const closed = mode === "refuse" ? this.closeListener() : Promise.resolve();
    if (mode !== "stall") for (const s of this.sockets) s.destroy();
    await closed; // resolves once the listener is closed and every connection is gone
  }

  async restore() {
    const wasListening = this.server?.listening;
    this.mode = "up";
    for (const s of this.sockets) s.destroy(); // the silent ones from a blackhole or a stall
    if (!wasListening) await this.listen();
  }

  private async closeListener() {
    const s = this.server;
    if (s?.listening) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  async close() {
    const closed = this.closeListener();
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

let clientDir: string;
let dataDir: string;
let dbName: string | undefined;
let proxy: DbProxy | undefined;
let server: ServerProcess | undefined;

const admin = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => withPg(adminUrl!, fn);

beforeAll(async () => {
  if (!adminUrl) return;
  clientDir = fixtureClientDir();
  dataDir = tempDir("outage"); // unused with DATABASE_URL, but never the repository's ./data
  dbName = `citb_faults_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`create database ${dbName}`));
  const target = new URL(adminUrl);
  proxy = new DbProxy(await freePort(), { host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(adminUrl);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  viaProxy.pathname = `/${dbName}`;
  server = spawnServer({ port: await freePort(), dataDir, clientDir, databaseUrl: viaProxy.toString() });
  // The server starts while PostgreSQL cannot be reached: it waits and retries with a clear line, not a
  // crash loop, and comes up once the database is there (the first test below waits for it).
  await waitFor("a retry line", () => server!.stderr().includes("The database is not reachable"), 60_000, 100);
  await new Promise((r) => setTimeout(r, 1500));
  expect(server.alive()).toBe(true);
  expect(server.stderr()).toMatch(/attempt 2, retrying in 2 s/);
  await proxy.listen();
});

afterAll(async () => {
  await stopServer(server, true);
  await proxy?.close();
  if (dbName) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every internal detail that must never reach a client. */
function expectNoInternals(r: Reply) {
  for (const leak of [
    "ECONN",
    "ETIMEDOUT",
    "127.0.0.1",
    String(proxy!.port),
    "5432",
    "postgres",
    "select",
    "insert",
    "stack",
    "Connection terminated",
    "timeout exceeded",
    dbName!,
  ])
    expect(r.body.toLowerCase()).not.toContain(leak.toLowerCase());
}

const json = (r: Reply) => JSON.parse(r.body) as unknown;

describe.skipIf(!adminUrl)("the database becomes unavailable (PostgreSQL; set TEST_DATABASE_URL to run)", () => {
  let token = "";

  /** Every kind of API call, at once, during an outage: each answers the JSON 503 within `withinMs`. */
  async function expectOutageAnswers(withinMs: number) {
    const auth = { authorization: `Bearer ${token}` };
    const [health, inquiry, login, signup, me, page] = await Promise.all([
      request(server!.base, "GET", "/api/health"),
      request(server!.base, "POST", "/api/inquiries", { body: inquiryBody(2, "outage") }),
      request(server!.base, "POST", "/api/login", { body: { email: EMAIL, password: PASSWORD } }),
      request(server!.base, "POST", "/api/signup", {
        body: { certUser: { firstName: "Out", lastName: "Age", email: "outage2@example.com", password: PASSWORD } },
      }),
      request(server!.base, "GET", "/api/me", { headers: auth }),
      request(server!.base, "GET", "/"),
    ]);
    expect([health.status, json(health)]).toEqual([503, HEALTH_DOWN]);
    for (const r of [inquiry, login, signup, me]) {
      expect([r.status, json(r)]).toEqual([503, UNAVAILABLE]);
      expect(r.headers["content-type"]).toMatch(/^application\/json/);
      expect(r.headers["retry-after"]).toBe("5");
    }
    for (const r of [health, inquiry, login, signup, me]) {
      expectNoInternals(r);
      expect(r.ms).toBeLessThan(withinMs);
    }
    // the prerendered page does not need the database
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain(PAGE_MARKER);
    // a request that needs no database still gets its normal answer
    const anonymous = await request(server!.base, "GET", "/api/me");
    expect(anonymous.status).toBe(401);
    expect(server!.alive()).toBe(true);
  }

  /** After the database returns, the same server answers normally again, without a restart. */
  async function expectRecovery(tag: string) {
    await waitFor(
      "the API to recover",
      async () => (await request(server!.base, "GET", "/api/health")).status === 200,
      10_000,
      100,
    );
    const inquiry = await request(server!.base, "POST", "/api/inquiries", { body: inquiryBody(3, tag) });
    expect(inquiry.status).toBe(201);
    const me = await request(server!.base, "GET", "/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((json(me) as { user: { email: string } }).user.email).toBe(EMAIL);
    const login = await request(server!.base, "POST", "/api/login", { body: { email: EMAIL, password: PASSWORD } });
    expect(login.status).toBe(200);
  }

  it("works through the proxy before the outage", async () => {
    await waitFor("the server to answer", async () => {
      if (!server!.alive()) throw new Error(`the server exited; stderr:\n${server!.stderr()}`);
      return (await request(server!.base, "GET", "/api/health", { timeoutMs: 2000 })).status === 200;
    });
    const signup = await request(server!.base, "POST", "/api/signup", {
      body: { certUser: { firstName: "Out", lastName: "Age", email: EMAIL, password: PASSWORD } },
    });
    expect(signup.status).toBe(201);
    const login = await request(server!.base, "POST", "/api/login", { body: { email: EMAIL, password: PASSWORD } });
    expect(login.status).toBe(200);
    token = (json(login) as { token: string }).token;
    expect((await request(server!.base, "POST", "/api/inquiries", { body: inquiryBody(1, "before") })).status).toBe(
      201,
    );
  });

  it("answers 503 while PostgreSQL refuses connections, and recovers by itself", async () => {
    await proxy!.cut("refuse");
    await expectOutageAnswers(1000);
    await proxy!.restore();
    await expectRecovery("after-refuse");
  });

  it("answers 503 within seconds while PostgreSQL accepts connections but never answers, and recovers", async () => {
    await proxy!.cut("blackhole");
    await expectOutageAnswers(5000); // the pool gives up on a new connection after 3 s
    await proxy!.restore();
    await expectRecovery("after-blackhole");
  });

  it("answers 503 within seconds when open connections go silent (a network partition), and recovers", async () => {
    await proxy!.cut("stall");
    await expectOutageAnswers(7000); // and on a query that gets no answer after 5 s
    await proxy!.restore();
    await expectRecovery("after-stall");
  });

  it("stored everything acknowledged, nothing from the outage, and shuts down cleanly", async () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const rows = await c
      .query<{ email: string }>("select email from inquiries order by id")
      .then((r) => r.rows.map((row) => row.email))
      .finally(() => c.end());
    expect(rows).toEqual([
      "fault-before-1@example.com",
      "fault-after-refuse-3@example.com",
      "fault-after-blackhole-3@example.com",
      "fault-after-stall-3@example.com",
    ]);
    server!.child.kill("SIGTERM");
    const exit = await server!.exited;
    // it ends by itself: 0 when the pool closed in time; after the partition a pool whose silent connections
    // are still timing out meets the hard deadline (issue 31.6), which exits 1 and says so
    if (exit.code === 1) expect(server!.stderr()).toContain("did not close within SHUTDOWN_TIMEOUT_MS");
    else expect(exit).toEqual({ code: 0, signal: null });
  });
});
