import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountWithRole } from "./testing/accounts";
import { paidOrder, resultToday } from "./testing/records";
import { testApp, type TestContext } from "./testing/helpers";

/**
 * Issue 25.6: a NUL byte in a path parameter, the query string or a CSV cell reached PostgreSQL, which
 * refuses it in text, and the route answered 500. Every route answers 400 with the usual error body.
 */
let t: TestContext;
let staff: Awaited<ReturnType<typeof accountWithRole>>;
let candidate: Awaited<ReturnType<typeof accountWithRole>>;
let credentialId = "";
beforeAll(async () => {
  t = await testApp({}, { PUBLIC_URL: "https://citb.example" });
  staff = await accountWithRole(t.app, "staff", "desk@example.com");
  candidate = await accountWithRole(t.app, "candidate", "ada@example.com");
  const { reg: registration } = await paidOrder(t.database.db, {
    userId: candidate.user.id,
    certId: 1,
    purchasedAt: new Date(Date.now() - 48 * 3600_000),
  });
  const { certification } = await resultToday(t.database.db, registration.voucherCode, 90, "https://citb.example");
  credentialId = certification!.credentialId;
}, 60_000);
afterAll(() => t.close());

function expectBadRequest(res: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) {
  expect([what, res.statusCode]).toEqual([what, 400]);
  expect(String(res.headers["content-type"])).toContain("application/json");
  const body = JSON.parse(res.body);
  expect(typeof body.error).toBe("string");
  expect(typeof body.message).toBe("string");
  expect(res.body).not.toMatch(/22021|0x00|invalid byte|stack/i);
}

describe("a NUL byte in an address", () => {
  it("gets 400 on verification, the public badge, the certificate PDF and its QR code", async () => {
    const id = encodeURIComponent(credentialId);
    const urls = [
      `/api/verify/${id}%00?lastName=Lovelace`,
      `/api/verify/${id}?lastName=Love%00lace`,
      `/api/verify/%00`,
      `/api/credentials/${id}%00/badge.json`,
      `/api/me/certifications/${id}%00/certificate.pdf`,
      `/api/me/certifications/${id}%00/qr.svg`,
      `/api/me/certifications/%00/qr.svg`,
      `/api/staff/candidates?q=%00`,
    ];
    const answers = await Promise.all(
      urls.map((url) => t.app.inject({ method: "GET", url, headers: { ...candidate.headers, ...staff.headers } })),
    );
    answers.forEach((res, i) => expectBadRequest(res, urls[i]));
    // the same addresses without the byte still work
    const ok = await t.app.inject({ method: "GET", url: `/api/verify/${id}?lastName=candidate` });
    expect(ok.statusCode).toBe(200);
  });

  it("gets 400 in a CSV cell of the results import, with the field's message", async () => {
    const csv = `voucher,date,score\nV-AAAA\u0000-BBBB,2026-01-02,80\n`;
    for (const commit of [false, true]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/staff/results/import",
        headers: staff.headers,
        payload: { csv, commit },
      });
      expectBadRequest(res, `import commit=${commit}`);
      expect(res.json().fields.csv).toBe("Please remove the invisible control characters from this text.");
    }
  });
});

describe("fuzzing path parameters and query strings", () => {
  const routes = [
    (p: string) => `/api/verify/${p}?lastName=Lovelace`,
    (p: string) => `/api/verify/CITB-AAAA-BBBB-CCCC-DDDD?lastName=${p}`,
    (p: string) => `/api/credentials/${p}/badge.json`,
    (p: string) => `/api/me/certifications/${p}/certificate.pdf`,
    (p: string) => `/api/me/certifications/${p}/qr.svg`,
    (p: string) => `/api/me/exams/${p}/cancel`,
    (p: string) => `/api/exams/${p}/eligibility`,
    (p: string) => `/api/staff/candidates/${p}`,
  ];
  const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
  it("any string, percent-encoded or raw, never gives a 5xx or a stack trace", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.constant("\u0000")),
        fc.boolean(),
        async (route, raw, encode) => {
          const part = encode ? encodeURIComponent(raw.replace(/[\uD800-\uDFFF]/g, "")) : raw;
          const method = route("x").endsWith("/cancel") ? "POST" : "GET";
          const res = await t.app.inject({
            method,
            url: route(part),
            headers: { ...candidate.headers, ...staff.headers },
          });
          expect(res.statusCode, `${method} ${route(part)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400 && String(res.headers["content-type"]).includes("json")) {
            const body = JSON.parse(res.body);
            expect(typeof body.message).toBe("string");
          }
          expect(res.body).not.toMatch(/at .+\.(ts|js):\d+|node_modules/);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
