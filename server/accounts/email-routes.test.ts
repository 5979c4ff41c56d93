import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_MESSAGES } from "../../app/schemas/email";
import { accountTokens, outbox } from "../db/schema";
import { testApp, type TestContext } from "../testing/helpers";
import { CONFIRM_LIMITS } from "./email-routes";

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
}, 60_000);
afterAll(() => t.close());

const PASSWORD = "Str0ng!Passw0rd";
let n = 0;
/** Signs up and logs in (a new address unless one is given); the address stays unconfirmed. */
async function account(email = `mail${++n}@example.com`) {
  const ip = `10.7.0.${++n % 250}`;
  await t.app.inject({
    method: "POST",
    url: "/api/signup",
    payload: { certUser: { firstName: "Ada", lastName: "Lovelace", email, password: PASSWORD } },
    remoteAddress: ip,
  });
  const login = await t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password: PASSWORD },
    remoteAddress: ip,
  });
  return { email, ip, headers: { authorization: `Bearer ${login.json().token}` } };
}
/** The newest message to an address: its template and data (the token of a link is in the data). */
async function lastMail(to: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row as { template: string; data: { token?: string; change?: boolean; newEmail?: string } } | undefined;
}
const confirm = (token: unknown, ip = "10.7.1.1") =>
  t.app.inject({ method: "POST", url: "/api/email/confirm", payload: { token }, remoteAddress: ip });
const me = (headers: Record<string, string>) => t.app.inject({ url: "/api/me", headers });

describe("confirming the address of a new account", () => {
  it("starts unconfirmed; the link of the sign-up mail confirms it, once", async () => {
    const a = await account();
    expect((await me(a.headers)).json().user.emailVerified).toBe(false);
    const mail = await lastMail(a.email);
    expect(mail?.template).toBe("email-confirm");
    const res = await confirm(mail!.data.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_MESSAGES.confirmed, email: a.email });
    expect((await me(a.headers)).json().user.emailVerified).toBe(true);

    // a second click says so, rather than calling the link invalid (issue 25.20); it changes nothing
    const again = await confirm(mail!.data.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: EMAIL_MESSAGES.alreadyConfirmed, email: a.email });
    expect((await confirm("not-a-real-token")).statusCode).toBe(400);
    expect((await confirm(undefined)).statusCode).toBe(400);
  });

  it("refuses a link older than 24 hours", async () => {
    const a = await account();
    const { token } = (await lastMail(a.email))!.data;
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, "confirm"));
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await me(a.headers)).json().user.emailVerified).toBe(false);
  });

  it("sends a new link on request, a limited number of times, and not once confirmed", async () => {
    const a = await account();
    const resend = () => t.app.inject({ method: "POST", url: "/api/me/email/confirmation", headers: a.headers });
    expect((await t.app.inject({ method: "POST", url: "/api/me/email/confirmation" })).statusCode).toBe(401);
    for (let i = 0; i < CONFIRM_LIMITS.resend.max; i++) {
      const res = await resend();
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(EMAIL_MESSAGES.resent);
    }
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const sent = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, a.email), eq(outbox.template, "email-confirm")));
    expect(sent).toHaveLength(1 + CONFIRM_LIMITS.resend.max);

    expect((await confirm((await lastMail(a.email))!.data.token)).statusCode).toBe(200);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(EMAIL_MESSAGES.alreadyConfirmed);
  });
});

describe("changing the address", () => {
  it("needs the current password and a free, different address", async () => {
    const a = await account();
    const b = await account();
    const change = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/me/email", headers: a.headers, payload });
    const guest = await t.app.inject({
      method: "POST",
      url: "/api/me/email",
      payload: { email: "new@example.com", currentPassword: PASSWORD },
    });
    expect(guest.statusCode).toBe(401);
    const wrong = await change({ email: "new@example.com", currentPassword: "Wrong!Passw0rd" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: EMAIL_MESSAGES.wrongPassword });
    const taken = await change({ email: b.email.toUpperCase(), currentPassword: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: EMAIL_MESSAGES.taken });
    expect((await change({ email: a.email, currentPassword: PASSWORD })).json().fields).toEqual({
      email: EMAIL_MESSAGES.sameAddress,
    });
    const bad = await change({ email: "nope", currentPassword: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe("Invalid email");
    expect(await lastMail("new@example.com")).toBeUndefined();
  });

  it("confirms the new address before it replaces the old one, and tells the old one", async () => {
    const a = await account();
    const next = `next${n}@example.com`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/email",
      headers: a.headers,
      payload: { email: next, currentPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(EMAIL_MESSAGES.changeSent);
    // nothing changes until the new address is confirmed
    expect((await me(a.headers)).json().user.email).toBe(a.email);
    const mail = (await lastMail(next))!;
    expect(mail).toMatchObject({ template: "email-confirm", data: { change: true } });

    const done = await confirm(mail.data.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_MESSAGES.changed, email: next });
    expect((await me(a.headers)).json().user).toMatchObject({ email: next, emailVerified: true });
    expect(await lastMail(a.email)).toMatchObject({ template: "email-changed", data: { newEmail: next } });

    // the new address logs in; the old one no longer does; the old sign-up link confirms nothing
    const login = (email: string) =>
      t.app.inject({ method: "POST", url: "/api/login", payload: { email, password: PASSWORD }, remoteAddress: a.ip });
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(a.email)).statusCode).toBe(401);
    expect((await confirm(mail.data.token)).statusCode).toBe(400);
  });

  it("refuses the link when another account took the new address in the meantime", async () => {
    const a = await account();
    const wanted = `wanted${n}@example.com`;
    await t.app.inject({
      method: "POST",
      url: "/api/me/email",
      headers: a.headers,
      payload: { email: wanted, currentPassword: PASSWORD },
    });
    const { token } = (await lastMail(wanted))!.data;
    await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { certUser: { firstName: "Bo", lastName: "Other", email: wanted, password: PASSWORD } },
      remoteAddress: "10.7.2.1",
    });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMAIL_MESSAGES.taken);
    expect((await me(a.headers)).json().user.email).toBe(a.email);
  });
});
