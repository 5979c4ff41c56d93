import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, orders, sessions, users } from "./db/schema";
import { signUpAndLogIn, testApp, type TestContext } from "./testing/helpers";

/** Runs per route and input kind; `npm run fuzz` raises it for a long run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const TIMEOUT = 30_000 + RUNS * 200;

let t: TestContext;
let token = "";
beforeAll(async () => {
  t = await testApp({ inquiryRateMax: 1_000_000 });
  const certUser = { firstName: "F", lastName: "Z", email: "fuzz@example.com", password: "Fuzz1ng!!" };
  token = await signUpAndLogIn(t.app, certUser, { confirm: false });
});
afterAll(() => t.close());

/** Row counts of every table a request could write to, in one query. */
const counts = async () => {
  const res = await t.database.db.execute(
    sql`select (select count(*) from ${users}) as u, (select count(*) from ${inquiries}) as i, (select count(*) from ${orders}) as o, (select count(*) from ${sessions}) as s`,
  );
  return JSON.stringify((res as unknown as { rows: unknown[] }).rows[0]);
};

const routes: { method: "GET" | "POST" | "PUT"; url: string; auth?: boolean }[] = [
  { method: "POST", url: "/api/inquiries" },
  { method: "POST", url: "/api/signup" },
  { method: "POST", url: "/api/login" },
  { method: "POST", url: "/api/logout" },
  { method: "GET", url: "/api/me", auth: true },
  { method: "PUT", url: "/api/me", auth: true },
  { method: "GET", url: "/api/me/orders", auth: true },
  { method: "GET", url: "/api/health" },
  { method: "POST", url: "/api/orders" },
  { method: "GET", url: "/api/me/requests", auth: true },
  { method: "POST", url: "/api/me/requests/accommodation", auth: true },
  { method: "POST", url: "/api/me/requests/certification-appeal", auth: true },
  { method: "POST", url: "/api/me/requests/complaint", auth: true },
  { method: "POST", url: "/api/me/education", auth: true },
  { method: "POST", url: "/api/credentials/verify" },
];

const protoKeys = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty");
const hugeString = fc.integer({ min: 10_000, max: 80_000 }).map((n) => "𝔘".repeat(n / 2));
const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.oneof(fc.string(), protoKeys), fc.oneof(fc.jsonValue(), hugeString)),
  fc.record({ certUser: fc.dictionary(fc.oneof(fc.string(), protoKeys), fc.jsonValue()) }),
  fc.record(
    { email: fc.oneof(fc.string(), fc.emailAddress()), password: fc.string({ unit: "binary" }) },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      kind: fc.constantFrom("contact", "partner", "career", "x"),
      name: fc.string({ unit: "binary" }),
      email: fc.string(),
      message: fc.string({ unit: "grapheme" }),
    },
    { requiredKeys: [] },
  ),
);

function checkShape(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers["content-type"])).toContain("application/json");
    const body = JSON.parse(res.body);
    expect(typeof body.error).toBe("string");
    expect(typeof body.message).toBe("string");
    expect(res.body).not.toMatch(/at .+\.(ts|js):\d+|stack|node_modules/);
  }
}

describe("fuzzing every API route through app.inject", () => {
  for (const route of routes) {
    it(
      `${route.method} ${route.url}: arbitrary JSON never gives a 5xx and a refusal stores nothing`,
      async () => {
        if (!t.app.hasRoute({ method: route.method, url: route.url })) return;
        await fc.assert(
          fc.asyncProperty(anyJson, fc.boolean(), async (payload, withAuth) => {
            const before = await counts();
            const res = await t.app.inject({
              method: route.method,
              url: route.url,
              headers: {
                "content-type": "application/json",
                ...(route.auth && withAuth ? { authorization: `Bearer ${token}` } : {}),
              },
              payload: route.method === "GET" ? undefined : JSON.stringify(payload),
            });
            checkShape(res);
            if (res.statusCode >= 400) expect(await counts()).toEqual(before);
          }),
          { numRuns: RUNS },
        );
      },
      TIMEOUT,
    );

    if (route.method !== "GET")
      it(
        `${route.method} ${route.url}: raw bytes and odd content types never give a 5xx`,
        async () => {
          if (!t.app.hasRoute({ method: route.method, url: route.url })) return;
          await fc.assert(
            fc.asyncProperty(
              fc.uint8Array({ maxLength: 2048 }),
              fc.constantFrom(
                "application/json",
                "text/plain",
                "application/octet-stream",
                "multipart/form-data; boundary=x",
                "application/json; charset=utf-16",
              ),
              async (bytes, type) => {
                const before = await counts();
                const res = await t.app.inject({
                  method: route.method,
                  url: route.url,
                  headers: { "content-type": type },
                  payload: Buffer.from(bytes),
                });
                checkShape(res);
                if (res.statusCode >= 400) expect(await counts()).toEqual(before);
              },
            ),
            { numRuns: RUNS },
          );
        },
        TIMEOUT,
      );
  }
});
