import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passwords } from "../auth/passwords";
import { hashToken } from "../auth/sessions";
import { orders, sessions, users } from "../db/schema";
import { paidOrderValues } from "../testing/records";
import { postRaw, testApp, type TestContext } from "../testing/helpers";
import { LOGIN_LIMITS } from "./auth-routes";

let t: TestContext;
let ip = 0;
/** each test talks from its own client address, so the per-client login limit never leaks between tests */
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

const PASSWORD = "Sup3r$ecret";
async function signup(email: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/signup",
    payload: { certUser: { firstName: "Ada", lastName: "Lovelace", email, password, ...extra } },
    remoteAddress: nextIp(),
  });
}
async function login(
  email: string,
  password = PASSWORD,
  remoteAddress = nextIp(),
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress, headers });
}
/** Each case's override, sent by `send`, is refused (400) with the case's message on the case's field. */
async function expectFieldMessages<T extends object>(
  cases: [T, string, string][],
  send: (override: T) => Promise<{ statusCode: number; json(): { fields: Record<string, string> } }>,
) {
  for (const [override, field, message] of cases) {
    const res = await send(override);
    expect(res.statusCode, JSON.stringify(override)).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  }
}

const userCount = async () => (await t.database.db.select().from(users)).length;

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("POST /api/signup", () => {
  it("creates the user (201 { user }) without any password or hash in the answer", async () => {
    const res = await signup("ada@example.com");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toMatch(/argon2|passwordHash|password/i);
  });

  it("stores the password as argon2id with the explicit parameters", async () => {
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(sql`email_key = 'ada@example.com'`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers 409 for an e-mail already registered, compared case-insensitively after trimming", async () => {
    const res = await signup("  ADA@Example.COM ");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: "email_taken",
      message: "Email already registered to an account, please use a different one.",
    });
  });

  it("applies every §5 rule with its message", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "" }, "email", "A valid email is required"],
      [{ email: "not-an-email" }, "email", "Invalid email"],
      [{ password: "" }, "password", "Password is required"],
      [{ password: "Ab1!" }, "password", "Password must be at least 8 characters long."],
      [
        { password: "alllowercase1!" },
        "password",
        "Password must contain at least one uppercase letter, one number, and one special character",
      ],
      [
        { password: "NoNumber!!" },
        "password",
        "Password must contain at least one uppercase letter, one number, and one special character",
      ],
      [
        { password: "NoSpecial12" },
        "password",
        "Password must contain at least one uppercase letter, one number, and one special character",
      ],
      [{ firstName: " " }, "firstName", "First name is required."],
      [{ lastName: "" }, "lastName", "Last name is required."],
    ];
    await expectFieldMessages(cases, (override) =>
      t.app.inject({
        method: "POST",
        url: "/api/signup",
        payload: {
          certUser: { firstName: "Bo", lastName: "Li", email: "bo@example.com", password: PASSWORD, ...override },
        },
        remoteAddress: nextIp(),
      }),
    );
    expect(
      (
        await t.database.db
          .select()
          .from(users)
          .where(sql`email_key = 'bo@example.com'`)
      ).length,
    ).toBe(0);
  });

  it("refuses unknown fields and __proto__, storing nothing", async () => {
    const before = await userCount();
    const extra = await signup("eve@example.com", PASSWORD, { isAdmin: true });
    expect(extra.statusCode).toBe(400);
    const proto = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/json" },
      payload: `{"certUser":{"firstName":"E","lastName":"V","email":"eve2@example.com","password":"${PASSWORD}","__proto__":{"isAdmin":true}}}`,
    });
    expect(proto.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it("stores SQL-looking strings verbatim and changes no other row", async () => {
    const before = await userCount();
    const evil = "Robert'); DROP TABLE users;--";
    const res = await signup("bobby@example.com", PASSWORD, { firstName: evil });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.firstName).toBe(evil);
    expect(await userCount()).toBe(before + 1);
    const token = (await login("bobby@example.com")).json().token;
    const me = await t.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.firstName).toBe(evil);
  });
});

describe("POST /api/login", () => {
  it("answers 200 { user, token } and sets an HttpOnly SameSite=Lax cookie", async () => {
    const res = await login("ada@example.com");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.email).toBe("ada@example.com");
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain(`citb_session=${body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // Secure only in production
  });

  it("sets a Secure __Host-citb_session cookie in production (Path=/, no Domain) that carries the session", async () => {
    const prod = await testApp({}, { NODE_ENV: "production" });
    await prod.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { certUser: { firstName: "P", lastName: "Q", email: "p@example.com", password: PASSWORD } },
    });
    const res = await prod.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "p@example.com", password: PASSWORD },
    });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-citb_session=[^;]+;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(res.headers["strict-transport-security"]).toContain("max-age=");
    const value = /^__Host-citb_session=([^;]+)/.exec(cookie)![1]!;
    const me = await prod.app.inject({ url: "/api/me", cookies: { "__Host-citb_session": value } });
    expect(me.statusCode).toBe(200);
    // the plain name means nothing in production
    expect((await prod.app.inject({ url: "/api/me", cookies: { citb_session: value } })).statusCode).toBe(401);
    const out = await prod.app.inject({
      method: "POST",
      url: "/api/logout",
      cookies: { "__Host-citb_session": value },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/^__Host-citb_session=;.*Secure/);
    await prod.close();
  }, 90_000); // a second database with its migrations: slow on a busy machine

  it("stores only a hash of the token", async () => {
    const { token } = (await login("ada@example.com")).json();
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it("issues a new token at each login", async () => {
    const a = (await login("ada@example.com")).json().token;
    const b = (await login("ada@example.com")).json().token;
    expect(a).not.toBe(b);
  });

  it("gives the same 401 and body for an unknown e-mail and a wrong password, computing one hash in both", async () => {
    const spy = vi.spyOn(passwords, "verify");
    const unknown = await login("nobody@example.com", "Wr0ng!pass");
    expect(spy).toHaveBeenCalledTimes(1);
    const wrong = await login("ada@example.com", "Wr0ng!pass");
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it("answers a missing field with 400 and computes no hash", async () => {
    const spy = vi.spyOn(passwords, "verify");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "ada@example.com" },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe("Password is required");
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("refuses a 100 KB password before hashing (413), and a 1 KB one with 400", async () => {
    const spy = vi.spyOn(passwords, "verify");
    const huge = await login("ada@example.com", "A1!" + "x".repeat(100 * 1024));
    expect(huge.statusCode).toBe(413);
    const long = await login("ada@example.com", "A1!" + "x".repeat(1024));
    expect(long.statusCode).toBe(400);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("blocks an account after repeated failures with 429 and Retry-After, even for the right password", async () => {
    await signup("target@example.com");
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++)
      expect((await login("target@example.com", "Wr0ng!pass")).statusCode).toBe(401);
    const right = await login("Target@Example.com");
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(right.json().error).toBe("too_many_attempts");
  });

  it("counts parallel guesses: of 40 at once at most the limit reach the password check, then the right password gets 429", async () => {
    await signup("parallel@example.com");
    const spy = vi.spyOn(passwords, "verifyOrDummy");
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login("parallel@example.com", `Wr0ng!pass${i}`)),
    );
    expect(spy.mock.calls.length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.max);
    spy.mockRestore();
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.max);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const right = await login("parallel@example.com");
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(right.json().message).toMatch(/^Too many failed logins\. Please wait 1[45] minutes before trying again\.$/);
  });

  it("a successful login gives its attempts back: a user who mistypes, logs in and mistypes again is not blocked early", async () => {
    await signup("mistype@example.com");
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMITS.perAccount.max - 1; i++)
        expect((await login("mistype@example.com", "Wr0ng!pass")).statusCode).toBe(401);
      expect((await login("mistype@example.com")).statusCode).toBe(200);
    }
  });

  it("blocks a client after repeated failures, and a spoofed X-Forwarded-For does not reset the count", async () => {
    const client = "10.99.0.1";
    for (let i = 0; i < LOGIN_LIMITS.perClient.max; i++)
      await login(`user${i}@example.com`, "Wr0ng!pass", client, { "x-forwarded-for": `192.0.2.${i}` });
    const res = await login("ada@example.com", PASSWORD, client, { "x-forwarded-for": "198.51.100.7" });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
  });

  it("answers malformed JSON 400, a wrong content type 415, an oversized body 413", async () => {
    const bad = await postRaw(t.app, "/api/login", "application/json", '{"email":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("invalid_json");
    const form = await postRaw(t.app, "/api/login", "application/x-www-form-urlencoded", "email=a&password=b");
    expect(form.statusCode).toBe(415);
    const big = await postRaw(
      t.app,
      "/api/login",
      "application/json",
      JSON.stringify({ email: "a@b.co", password: "x".repeat(70_000) }),
    );
    expect(big.statusCode).toBe(413);
  });
});

describe("sessions", () => {
  async function tokenFor(email: string) {
    return (await login(email)).json().token as string;
  }

  it("GET /api/me works with a Bearer token or the cookie, no-store, no hash", async () => {
    const token = await tokenFor("ada@example.com");
    const bearer = await t.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers["cache-control"]).toBe("no-store");
    expect(bearer.body).not.toMatch(/argon2|passwordHash/);
    const cookie = await t.app.inject({ url: "/api/me", cookies: { citb_session: token } });
    expect(cookie.json().user.email).toBe("ada@example.com");
  });

  it("answers 401 (never 500) for no, unknown, tampered, revoked or expired tokens", async () => {
    expect((await t.app.inject({ url: "/api/me" })).statusCode).toBe(401);
    const token = await tokenFor("ada@example.com");
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const auth of ["Bearer nonsense", `Bearer ${tampered}`, `Bearer ${"x".repeat(5000)}`, "Basic abc", "Bearer"]) {
      const res = await t.app.inject({ url: "/api/me", headers: { authorization: auth } });
      expect(res.statusCode, auth.slice(0, 30)).toBe(401);
      expect(res.json().error).toBe("unauthorized");
    }
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await t.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      401,
    );

    const old = await tokenFor("ada@example.com");
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`token_hash = ${hashToken(old)}`);
    expect((await t.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${old}` } })).statusCode).toBe(401);
  });

  /** Saves a profile with the session cookie, the way a browser's form would, with the given headers. */
  const putProfileByCookie = (token: string, url: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "PUT",
      url,
      cookies: { citb_session: token },
      headers,
      payload: {
        FirstName: "Ada",
        LastName: "L",
        Phone: "4055550100",
        Address: "1 Main St",
        City: "OKC",
        State: "OK",
        Zip: "73102",
      },
    });

  it("refuses cookie-authenticated writes from another origin with 403", async () => {
    const token = await tokenFor("ada@example.com");
    const put = (headers: Record<string, string>) => putProfileByCookie(token, "/api/me", headers);
    expect((await put({ origin: "https://evil.example", host: "localhost:3000" })).statusCode).toBe(403);
    expect((await put({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await put({ origin: "http://localhost:3000", host: "localhost:3000" })).statusCode).toBe(200);
  });

  it("refuses cross-site cookie writes whatever spelling of the path the router decodes", async () => {
    const token = await tokenFor("ada@example.com");
    const cross = { origin: "https://evil.example", host: "localhost:3000" };
    const same = { origin: "http://localhost:3000", host: "localhost:3000" };
    for (const url of ["/%61pi/me", "/%61%70%69/me", "/api/%6De", "/api/m%65?x=1", "/%2561pi/me", "/API/me"]) {
      const res = await putProfileByCookie(token, url, cross);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe("cross_origin_refused");
    }
    // the same spelling from our own origin reaches the route
    expect((await putProfileByCookie(token, "/%61pi/me", same)).statusCode).toBe(200);
    for (const url of ["/%61pi/logout", "/api/logou%74", "/%61pi/orders"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        cookies: { citb_session: token },
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(res.statusCode, url).toBe(403);
    }
    // the session survived every refused logout
    expect((await t.app.inject({ url: "/api/me", cookies: { citb_session: token } })).statusCode).toBe(200);
  });

  it("PUT /api/me applies the profile rules with the spec's messages", async () => {
    const token = await tokenFor("ada@example.com");
    const good = {
      FirstName: "Ada",
      LastName: "Lovelace",
      Phone: "4055550100",
      Address: "1 Main St",
      AddressLine1: "",
      City: "Oklahoma City",
      State: "OK",
      Zip: "73102",
    };
    const cases: [Record<string, string>, string, string][] = [
      [{ FirstName: "" }, "FirstName", "First name is required."],
      [{ LastName: "" }, "LastName", "Last name is required."],
      [{ Phone: "" }, "Phone", "Phone number is required."],
      [{ Phone: "405-555-01" }, "Phone", "Phone number must be a 10-digit number."],
      [{ Phone: "40555501001" }, "Phone", "Phone number must be a 10-digit number."],
      [{ Address: "" }, "Address", "Address is required."],
      [{ City: "" }, "City", "City is required."],
      [{ State: "" }, "State", "State is required."],
      [{ Zip: "" }, "Zip", "5-digit zip code is required."],
    ];
    const update = (payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/me", headers: { authorization: `Bearer ${token}` }, payload });
    await expectFieldMessages(cases, (override) => update({ ...good, ...override }));
    const ok = await update(good);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ phone: "4055550100", city: "Oklahoma City", addressLine1: "" });
  });

  it("never lets one user read or change another's profile or orders", async () => {
    await signup("mallory@example.com");
    const ada = await tokenFor("ada@example.com");
    const mallory = await tokenFor("mallory@example.com");
    const [adaRow] = await t.database.db
      .select()
      .from(users)
      .where(sql`email_key = 'ada@example.com'`);
    await t.database.db
      .insert(orders)
      .values(paidOrderValues({ reference: "ORD-TEST0001", userId: adaRow!.id, certId: 1 }));
    const adaOrders = await t.app.inject({ url: "/api/me/orders", headers: { authorization: `Bearer ${ada}` } });
    expect(adaOrders.json().orders.map((o: { reference: string }) => o.reference)).toEqual(["ORD-TEST0001"]);
    const malloryOrders = await t.app.inject({
      url: "/api/me/orders",
      headers: { authorization: `Bearer ${mallory}` },
    });
    expect(malloryOrders.json().orders).toEqual([]);
    // the profile routes take no user id at all: Mallory's writes can only reach Mallory
    const mine = await t.app.inject({
      method: "PUT",
      url: "/api/me",
      headers: { authorization: `Bearer ${mallory}` },
      payload: {
        FirstName: "M",
        LastName: "X",
        Phone: "4055550199",
        Address: "2 Elm",
        City: "Tulsa",
        State: "OK",
        Zip: "74103",
        id: adaRow!.id,
      },
    });
    expect(mine.statusCode).toBe(400);
    const adaMe = await t.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${ada}` } });
    expect(adaMe.json().user.email).toBe("ada@example.com");
    expect(adaMe.json().user.firstName).toBe("Ada");
  });
});

describe("logs", () => {
  it("never contain a password, a token or an authorization header", async () => {
    const token = (await login("ada@example.com")).json().token;
    await t.app.inject({ url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    await login("ada@example.com", "Wr0ng!pass");
    const all = t.logs.join("\n");
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain("Wr0ng!pass");
    expect(all).not.toContain(token);
    expect(all.toLowerCase()).not.toContain("bearer");
  });
});
