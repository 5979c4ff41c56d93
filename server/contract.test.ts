import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestContext } from "./testing/helpers";

let t: TestContext;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await testApp({
    plugins: [
      async (app) => {
        app.addHook("onRoute", (route) => {
          routes.push(route);
        });
      },
    ],
  });
});
afterAll(() => t.close());

describe("the API contract", () => {
  it("every /api route declares a response schema for its answers and the error body for 4xx and 5xx", () => {
    const api = routes.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
    expect(api.length).toBeGreaterThan(5);
    for (const r of api) {
      const response = (r.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.keys(response).filter((k) => /^2\d\d$/.test(k));
      expect(success, `${String(r.method)} ${r.url}`).not.toHaveLength(0);
      expect(response["4xx"], `${String(r.method)} ${r.url}`).toBeDefined();
      expect(response["5xx"], `${String(r.method)} ${r.url}`).toBeDefined();
    }
  });

  it("a column that a response schema does not name never reaches a client (the password hash)", async () => {
    // The handlers hand whole account rows (password_hash included) to the response schema.
    const certUser = { firstName: "Ada", lastName: "Lovelace", email: "leak@example.com", password: "Sup3r$ecret" };
    const signup = await t.app.inject({ method: "POST", url: "/api/signup", payload: { certUser } });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: certUser.email, password: certUser.password },
    });
    const token = login.json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: auth });
    const update = await t.app.inject({
      method: "PUT",
      url: "/api/me",
      headers: auth,
      payload: {
        FirstName: "Ada",
        LastName: "L",
        Phone: "4055550123",
        Address: "1 Main St",
        City: "OKC",
        State: "OK",
        Zip: "73102",
      },
    });
    for (const res of [signup, login, me, update]) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|emailKey|createdAt|updatedAt/);
      expect(Object.keys(res.json().user).sort()).toEqual(
        [
          "id",
          "email",
          "firstName",
          "lastName",
          "phone",
          "address",
          "addressLine1",
          "city",
          "state",
          "zip",
          "role",
          "emailVerified",
        ].sort(),
      );
    }
  });
});
