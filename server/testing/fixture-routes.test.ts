import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { confirmAddress, testApp } from "./helpers";

const route = { method: "POST" as const, url: "/api/test-fixtures/result" };

describe("test fixtures (/api/test-fixtures/*)", () => {
  it("are absent unless E2E_FIXTURES=true, and absent in production even then", async () => {
    const envs: Record<string, string>[] = [{}, { E2E_FIXTURES: "true", NODE_ENV: "production" }];
    for (const env of envs) {
      const t = await testApp({}, env);
      try {
        expect(t.app.hasRoute(route), JSON.stringify(env)).toBe(false);
        expect(t.app.hasRoute({ method: "POST", url: "/api/test-fixtures/admin-invitation" })).toBe(false);
        expect(t.app.hasRoute({ method: "POST", url: "/api/test-fixtures/booking-time" })).toBe(false);
        for (const path of ["approved-check-in", "sitting-silence"])
          expect(t.app.hasRoute({ method: "POST", url: `/api/test-fixtures/${path}` }), path).toBe(false);
        expect((await t.app.inject({ ...route, payload: { scorePercent: 90 } })).statusCode).toBe(404);
      } finally {
        await t.close();
      }
    }
  }, 120_000);

  it("with E2E_FIXTURES=true, record a result on the signed-in candidate's own voucher through the shared service", async () => {
    const t = await testApp({}, { E2E_FIXTURES: "true" });
    try {
      const certUser = { firstName: "Ada", lastName: "Byron", email: "fx@example.com", password: "Str0ng!Passw0rd" };
      await t.app.inject({ method: "POST", url: "/api/signup", payload: { certUser } });
      await confirmAddress(t.app, certUser.email);
      const login = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: certUser.email, password: certUser.password },
      });
      const headers = { authorization: `Bearer ${login.json().token as string}` };
      expect((await t.app.inject({ ...route, payload: { scorePercent: 90 } })).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers, payload: { scorePercent: 90 } })).statusCode).toBe(404);
      const card = {
        cardNumber: "4242424242424242",
        cvv2: "123",
        expiryMonth: "8",
        expiryYear: "2031",
        postal: "73102",
      };
      const tok = await t.app.inject({ method: "POST", url: "/test-gateway/tokens", payload: card });
      const order = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        headers,
        payload: {
          FirstName: "Ada",
          LastName: "Byron",
          Phone: "4055550123",
          Email: certUser.email,
          Address: "1 Main St",
          City: "OKC",
          State: "OK",
          Zip: "73102",
          courseCertId: "2",
          address: "1 Main St",
          city: "OKC",
          region: "OK",
          postal: "73102",
          paymentToken: tok.json().token,
          idempotencyKey: randomUUID(),
        },
      });
      expect(order.statusCode).toBe(201);
      const res = await t.app.inject({ ...route, headers, payload: { scorePercent: 95 } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ result: "pass", voucherCode: order.json().order.voucherCode });
      const certs = (await t.app.inject({ method: "GET", url: "/api/me/certifications", headers })).json()
        .certifications;
      expect(certs[0].credentialId).toBe(res.json().credentialId);
    } finally {
      await t.close();
    }
  }, 120_000);
});
