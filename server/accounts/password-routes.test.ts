import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, outbox, rateLimits, users } from "../db/schema";
import { hashToken } from "../auth/sessions";
import { startTestSmtp } from "../testing/smtp";
import { testApp, type TestContext } from "../testing/helpers";

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let ip = 0;
const nextIp = () => `10.9.0.${++ip}`;
const PUBLIC_URL = "https://portal.citb.example";

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await testApp({}, { SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, remoteAddress: nextIp(), headers });

async function resetLinkFor(email: string): Promise<string> {
  const before = smtp.received.length;
  expect((await post("/api/password/forgot", { email })).statusCode).toBe(202);
  await t.app.settled();
  await t.app.mail.worker.runOnce();
  const received = await smtp.waitFor(before + 1);
  const mail = received[received.length - 1]!;
  expect(mail.to).toEqual([email]);
  expect(mail.subject).toBe("Reset your CITB password");
  const link = mail.text.match(/https:\/\/portal\.citb\.example\/reset-password\?token=([\w-]+)/);
  expect(link).not.toBeNull();
  expect(mail.html).toContain(link![0]);
  return decodeURIComponent(link![1]!);
}

describe("password reset", () => {
  it("answers a known address without waiting for its link to be made: the time says nothing about the address", async () => {
    await post("/api/signup", {
      certUser: { firstName: "Tim", lastName: "L", email: "timing@example.com", password: "Old#pass1" },
    });
    // the link's transaction made slow (a slow disk, a busy database): the answer must not wait for it
    const db = t.app.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
    const transaction = db.transaction;
    db.transaction = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return transaction.apply(t.app.db, args);
    };
    try {
      const started = performance.now();
      const known = await post("/api/password/forgot", { email: "timing@example.com" });
      const knownMs = performance.now() - started;
      expect(known.statusCode).toBe(202);
      expect(knownMs).toBeLessThan(300);
      await t.app.settled();
    } finally {
      db.transaction = transaction;
    }
    await t.app.settled();
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.recipient, "timing@example.com"));
    expect(sent.map((m) => m.template)).toContain("password-reset");
    await t.database.db.delete(outbox);
  });

  it("answers 202 with the same body for a known and an unknown address, and mails only the known one", async () => {
    expect(
      (
        await post("/api/signup", {
          certUser: { firstName: "Ada", lastName: "L", email: "ada@example.com", password: "Old#pass1" },
        })
      ).statusCode,
    ).toBe(201);
    await t.database.db.delete(outbox);
    const known = await post("/api/password/forgot", { email: "ADA@example.com " });
    const unknown = await post("/api/password/forgot", { email: "nobody@example.com" });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    await t.app.settled();
    const queued = await t.database.db.select().from(outbox);
    expect(queued.map((r) => [r.recipient, r.template])).toEqual([["ada@example.com", "password-reset"]]);
  });

  it("stores only the token's hash; the link works once, sets the password, signs out every session and sends a notice", async () => {
    const login = await post("/api/login", { email: "ada@example.com", password: "Old#pass1" });
    const { token: session } = login.json();
    const token = await resetLinkFor("ada@example.com");
    const rows = await t.database.db.select().from(accountTokens);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);

    const weak = await post("/api/password/reset", { token, password: "short" });
    expect(weak.statusCode).toBe(400);
    const ok = await post("/api/password/reset", { token, password: "New#pass1" });
    expect(ok.statusCode).toBe(200);
    const again = await post("/api/password/reset", { token, password: "Other#pass1" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_token");

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${session}` } });
    expect(me.statusCode).toBe(401);
    expect((await post("/api/login", { email: "ada@example.com", password: "Old#pass1" })).statusCode).toBe(401);
    expect((await post("/api/login", { email: "ada@example.com", password: "New#pass1" })).statusCode).toBe(200);

    await t.app.mail.worker.runOnce();
    const notice = (await smtp.waitFor(2)).find((m) => m.subject === "Your CITB password was changed");
    expect(notice?.to).toEqual(["ada@example.com"]);
    expect(notice?.text).toContain(`${PUBLIC_URL}/login`);
  });

  it("a reset ends every other outstanding reset link of the account (two links asked for, the first used)", async () => {
    await t.database.db.delete(accountTokens);
    await t.database.db.delete(rateLimits); // the per-address limit of links an hour
    const first = await resetLinkFor("ada@example.com");
    const second = await resetLinkFor("ada@example.com");
    expect(first).not.toBe(second);
    const used = await post("/api/password/reset", { token: first, password: "First#pass2" });
    expect(used.statusCode).toBe(200);
    const stale = await post("/api/password/reset", { token: second, password: "Second#pass2" });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe("invalid_token");
    expect((await post("/api/login", { email: "ada@example.com", password: "Second#pass2" })).statusCode).toBe(401);
    expect((await post("/api/login", { email: "ada@example.com", password: "First#pass2" })).statusCode).toBe(200);
    // the answer (shown on the login page) and the mail with the link say what using it does
    expect(used.json().message).toMatch(/every other reset link/);
    const mail = smtp.received.findLast((m) => m.subject === "Reset your CITB password");
    const text = mail?.text.replace(/\s+/g, " ");
    expect(text).toMatch(/signs out every device/);
    expect(text).toMatch(/every other reset link we sent you stops working/);
  });

  it("refuses a link older than 60 minutes", async () => {
    await t.database.db.delete(rateLimits);
    const token = await resetLinkFor("ada@example.com");
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const res = await post("/api/password/reset", { token, password: "Late#pass1" });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    const [user] = await t.database.db.select().from(users).where(eq(users.emailKey, "ada@example.com"));
    expect(user).toBeDefined();
  });

  it("limits requests per client address with 429", async () => {
    const from = "10.99.0.1";
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/password/forgot",
            payload: { email: "x@example.com" },
            remoteAddress: from,
          })
        ).statusCode,
      );
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
