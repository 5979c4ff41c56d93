// Issue 13.8: common passwords refused, the account's security events logged (the __Host- cookie:
// auth.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../app/schemas/auth";
import { testApp, type TestContext } from "../testing/helpers";
import { LOGIN_LIMITS } from "./auth-routes";

let t: TestContext;
const PASSWORD = "Sup3r$ecret";

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const signup = (ctx: TestContext, email: string, password = PASSWORD, remoteAddress = "10.1.0.1") =>
  ctx.app.inject({
    method: "POST",
    url: "/api/signup",
    payload: { certUser: { firstName: "Ada", lastName: "Lovelace", email, password } },
    remoteAddress,
  });
const login = (ctx: TestContext, email: string, password = PASSWORD, remoteAddress = "10.1.0.2") =>
  ctx.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress });

describe("common passwords", () => {
  it("are refused at sign-up with a clear message, also with capitals or a symbol added at the end", async () => {
    for (const password of ["Password1!", "Qwerty123!", "Dragon123!", "Iloveyou1!"]) {
      const res = await signup(t, `common-${password.length}-${password[0]}@example.com`, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields).toEqual({ password: AUTH_MESSAGES.passwordCommon });
    }
    expect((await signup(t, "uncommon@example.com", "Sup3r$ecret")).statusCode).toBe(201);
  });

  it("are refused when a password is reset", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/password/reset",
      payload: { token: "any-token", password: "Password123!" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: AUTH_MESSAGES.passwordCommon });
  });
});

describe("the account's security events in the log", () => {
  const events = () =>
    t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => String(l.event).startsWith("auth."));

  it("sign-up, login, failure, lockout and logout each write a line with the user id and client address", async () => {
    t.logs.length = 0;
    const created = await signup(t, "events@example.com", PASSWORD, "10.2.0.1");
    const id = created.json().user.id as number;
    const ok = await login(t, "events@example.com", PASSWORD, "10.2.0.2");
    const token = ok.json().token as string;
    await login(t, "nobody@example.com", "Wr0ng!pass", "10.2.0.3");
    for (let i = 0; i < LOGIN_LIMITS.perAccount.max; i++)
      await login(t, "events@example.com", "Wr0ng!pass", "10.2.0.4");
    expect((await login(t, "events@example.com", PASSWORD, "10.2.0.4")).statusCode).toBe(429);
    await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: "10.2.0.5",
    });

    const lines = events();
    expect(lines.map((l) => [l.event, l.userId, l.ip])).toEqual([
      ["auth.signup", id, "10.2.0.1"],
      ["auth.login", id, "10.2.0.2"],
      ["auth.login_failed", null, "10.2.0.3"],
      ...Array.from({ length: LOGIN_LIMITS.perAccount.max }, () => ["auth.login_failed", id, "10.2.0.4"]),
      ["auth.lockout", id, "10.2.0.4"],
      ["auth.logout", id, "10.2.0.5"],
    ]);
    expect(lines[2]).toMatchObject({ knownEmail: false });
    expect(lines.find((l) => l.event === "auth.lockout")).toMatchObject({ level: 40, limit: "account" });
    const all = t.logs.join("\n");
    for (const secret of [PASSWORD, "Wr0ng!pass", token, "events@example.com", "nobody@example.com"])
      expect(all, secret).not.toContain(secret);
  });
});
