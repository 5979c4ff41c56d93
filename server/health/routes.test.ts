import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestContext } from "../testing/helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await ctx.close();
});

describe("liveness and readiness", () => {
  it("GET /api/ready is 200 while the database answers, never cached", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect([res.statusCode, res.json()]).toEqual([200, { status: "ready" }]);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("GET /api/ready and /api/health are 503 when the database stops answering", async () => {
    const probe = await testApp();
    await probe.database.close();
    for (const url of ["/api/ready", "/api/health"]) {
      const res = await probe.app.inject({ method: "GET", url });
      expect([res.statusCode, res.json()]).toEqual([
        503,
        { error: "service_unavailable", message: "The database is not answering." },
      ]);
    }
    await probe.close();
  });
});
