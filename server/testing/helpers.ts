import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApp, type AppOptions } from "../app";
import { openDatabase, type Database } from "../db/client";
import { outbox } from "../db/schema";
import { newSecretKey } from "../credentials/keys";
import { loadEnv } from "../env";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

/**
 * A fresh database for one test file: an in-memory PGlite by default, or, when TEST_DATABASE_URL
 * is set (CI), a new database created on that PostgreSQL server and dropped afterwards.
 */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { ...database, drop: () => database.close() };
  }
  const name = `citb_test_${randomBytes(6).toString("hex")}`;
  const dbUrl = await createScratchDatabase(url, name);
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: "unused" });
  return {
    ...database,
    /** the new database's address: a second connection (another server instance) can open it */
    url: dbUrl,
    drop: async () => {
      await database.close();
      await dropScratchDatabase(url, name);
    },
  };
}

export type FreshDatabase = Awaited<ReturnType<typeof freshDatabase>>;

/** Runs `test` on a fresh database of its own (freshDatabase), dropped afterwards whatever happens. */
export async function withFreshDatabase<T>(test: (database: FreshDatabase) => Promise<T>): Promise<T> {
  const database = await freshDatabase();
  try {
    return await test(database);
  } finally {
    await database.drop();
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: FreshDatabase;
  logs: string[];
  close(): Promise<void>;
}

/** The app on a fresh database, with every log line captured for inspection. */
export async function testApp(
  overrides: Partial<AppOptions> = {},
  envOverrides: Record<string, string> = {},
): Promise<TestContext> {
  const database = await freshDatabase();
  const logs: string[] = [];
  // a production app refuses to start without a signing key: a test of production behaviour gets one, as a
  // real deployment has (the refusal itself is tested in server/credentials/signing.test.ts)
  const keyed =
    envOverrides.NODE_ENV === "production" && !envOverrides.CREDENTIAL_SIGNING_KEY && !envOverrides.CREDENTIAL_KEY_FILE
      ? { CREDENTIAL_SIGNING_KEY: await newSecretKey() }
      : {};
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "info", ...envOverrides, ...keyed });
  const app = await buildApp({
    env,
    database,
    serveSite: false,
    logger: { level: "info", stream: { write: (line: string) => logs.push(line) } },
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The mail of one template queued for `email`, oldest first (the outbox keeps each until it is sent). */
export function mailsTo(app: FastifyInstance, email: string, template: string) {
  return app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, template)))
    .orderBy(outbox.id);
}

/**
 * The app of one test file: made on a fresh database before its tests (as `testApp` with these options) and
 * closed after them. The answer is filled in when the app is ready, so the tests use it as they would testApp's.
 */
export function testAppForFile(...options: Parameters<typeof testApp>): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => {
    Object.assign(t, await testApp(...options));
  }, 60_000);
  afterAll(() => t.close());
  return t;
}

/**
 * Confirms an account's address as its owner does: the token of the newest confirmation message sent
 * to it (from the outbox), posted to /api/email/confirm. Buying an exam needs a confirmed address.
 */
export async function confirmAddress(app: FastifyInstance, email: string, remoteAddress?: string) {
  const [row] = await app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, "email-confirm")))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = (row?.data as { token?: string } | undefined)?.token;
  const res = await app.inject({ method: "POST", url: "/api/email/confirm", payload: { token }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`confirming ${email} answered ${res.statusCode}: ${res.body}`);
}

/**
 * A candidate as the site makes one: signed up, its address confirmed unless `confirm` is false, and logged
 * in; answers the login token. `remoteAddress` keeps the per-client limits of many sign-ups apart.
 */
export async function signUpAndLogIn(
  app: FastifyInstance,
  certUser: { firstName: string; lastName: string; email: string; password: string },
  { confirm = true, remoteAddress }: { confirm?: boolean; remoteAddress?: string } = {},
): Promise<string> {
  await app.inject({ method: "POST", url: "/api/signup", payload: { certUser }, remoteAddress });
  if (confirm) await confirmAddress(app, certUser.email, remoteAddress);
  const { email, password } = certUser;
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`logging in ${email} answered ${res.statusCode}: ${res.body}`);
  return res.json().token as string;
}

/** The API's refusal of a form: 400 validation_failed with a message, and exactly these messages per field. */
export function expectFieldMessages(res: LightMyRequestResponse, fields: Record<string, string>) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: "validation_failed", message: expect.any(String), fields });
}

/**
 * A POST of a body as written, with the content type it claims (malformed JSON, a form, plain text): for what
 * the body parsers answer. `remoteAddress` keeps the per-client limits apart.
 */
export function postRaw(
  app: FastifyInstance,
  url: string,
  contentType: string,
  payload: string,
  remoteAddress?: string,
) {
  return app.inject({ method: "POST", url, headers: { "content-type": contentType }, payload, remoteAddress });
}

/** A file as the tests describe it: its name and its bytes in base64. */
export interface TestFile {
  name: string;
  data: string;
}
const isTestFile = (v: unknown): v is TestFile =>
  typeof v === "object" && v !== null && typeof (v as TestFile).name === "string" && "data" in v;

/**
 * A form body as the browser sends it to the upload routes (multipart/form-data): fields first, then every
 * `{ name, data }` value (or array of them) as a file part. Answers inject's payload and content type.
 */
export async function multipartBody(body: Record<string, unknown>) {
  const form = new FormData();
  const files: [string, TestFile][] = [];
  for (const [key, value] of Object.entries(body))
    for (const v of Array.isArray(value) ? value : [value]) {
      if (isTestFile(v)) files.push([key, v]);
      else if (v !== undefined && v !== null) form.append(key, String(v));
    }
  for (const [key, f] of files) form.append(key, new Blob([Buffer.from(f.data, "base64")]), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get("content-type")! };
}

/** The routes that take a multipart form with files. */
export const UPLOAD_ROUTES = ["/api/me/education", "/api/me/requests/accommodation"];

/** inject options for a POST: multipart for the upload routes, JSON for the rest. */
export async function postOptions(url: string, payload: object | undefined, headers: Record<string, string> = {}) {
  if (payload && UPLOAD_ROUTES.includes(url)) {
    const m = await multipartBody(payload as Record<string, unknown>);
    return { method: "POST" as const, url, payload: m.payload, headers: { ...headers, "content-type": m.contentType } };
  }
  return { method: "POST" as const, url, payload, headers };
}
