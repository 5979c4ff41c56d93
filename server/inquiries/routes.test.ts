import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase } from "../db/client";
import { inquiries } from "../db/schema";
import { loadEnv } from "../env";
import { expectFieldMessages, postRaw, testApp, type TestContext } from "../testing/helpers";

let t: TestContext;
beforeAll(async () => {
  t = await testApp({ inquiryRateMax: 5 });
});
afterAll(() => t.close());

const valid = {
  kind: "contact",
  name: "Dana Reyes",
  email: "dana@example.com",
  message: "Which exam should I take first?",
};
const count = async () => (await t.database.db.select().from(inquiries)).length;

describe("POST /api/inquiries", () => {
  it("stores a valid inquiry and answers 201 with a reference", async () => {
    const before = await count();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      payload: { ...valid, phone: "", organization: "Acme" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().inquiry.reference).toMatch(/^INQ-[A-Z0-9]{8}$/);
    const rows = await t.database.db.select().from(inquiries);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ kind: "contact", name: "Dana Reyes", organization: "Acme", phone: null });
  });

  it("refuses invalid fields with a message per field and stores nothing", async () => {
    const before = await count();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      payload: { kind: "partner", name: " ", email: "nope", message: "hi" },
    });
    expectFieldMessages(res, {
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address, like name@example.com.",
      message: "Please write a message of at least 10 characters.",
    });
    expect(await count()).toBe(before);
  });

  it("refuses an unknown kind, unknown fields and oversized text", async () => {
    const before = await count();
    for (const payload of [
      { ...valid, kind: "spam" },
      { ...valid, admin: true },
      { ...valid, message: "x".repeat(5001) },
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/api/inquiries", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("validation_failed");
    }
    expect(await count()).toBe(before);
  });

  it("answers a filled honeypot as if stored but stores nothing", async () => {
    const before = await count();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      payload: { ...valid, website: "http://spam.example" },
      remoteAddress: "10.2.2.2",
    });
    expect(res.statusCode).toBe(201);
    expect(await count()).toBe(before);
  });

  it("rate-limits a client with 429 and Retry-After", async () => {
    let last;
    for (let i = 0; i < 8; i++)
      last = await t.app.inject({ method: "POST", url: "/api/inquiries", payload: valid, remoteAddress: "10.9.9.9" });
    expect(last!.statusCode).toBe(429);
    expect(last!.headers["retry-after"]).toBeDefined();
    expect(last!.json().error).toBe("too_many_requests");
  });

  it("answers malformed JSON, a wrong content type and __proto__ with JSON errors", async () => {
    const bad = await postRaw(t.app, "/api/inquiries", "application/json", "{oops", "10.1.1.1");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("invalid_json");
    const text = await postRaw(t.app, "/api/inquiries", "text/plain", "hello", "10.1.1.2");
    expect(text.statusCode).toBe(415);
    const proto = await postRaw(
      t.app,
      "/api/inquiries",
      "application/json",
      `{"__proto__":{"admin":true},"kind":"contact","name":"A","email":"a@b.co","message":"0123456789"}`,
      "10.1.1.3",
    );
    expect(proto.statusCode).toBe(400);
  });
});

describe("GET /api/health", () => {
  it("answers ok when the database answers", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });
});

describe("the embedded database", () => {
  it("keeps an inquiry across a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-restart-"));
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dir });
    let database = await openDatabase({ dataDir: dir });
    let app = await buildApp({ env, database, serveSite: false, logger: false });
    const res = await app.inject({ method: "POST", url: "/api/inquiries", payload: valid });
    expect(res.statusCode).toBe(201);
    await app.close();
    await database.close();

    database = await openDatabase({ dataDir: dir });
    app = await buildApp({ env, database, serveSite: false, logger: false });
    const rows = await database.db.select().from(inquiries);
    expect(rows.map((r) => r.reference)).toContain(res.json().inquiry.reference);
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    // two openings of an embedded database from disk: about 20 s on a loaded 2-core machine, 41 s once at load 12
  }, 90_000);
});

describe("the data folder lock", () => {
  it("refuses a second process on a folder held by a live process, with a clear message", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-lock-"));
    const database = await openDatabase({ dataDir: dir });
    let message = "";
    try {
      execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `import("./server/db/client.ts").then(m => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), e => { console.error(e.message); process.exit(3); })`,
        ],
        { stdio: "pipe" },
      );
    } catch (e) {
      message = String((e as { stderr: Buffer }).stderr);
    }
    expect(message).toContain("is already in use by another server process");
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
