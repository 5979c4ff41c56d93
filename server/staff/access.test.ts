import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountWithRole } from "../testing/accounts";
import { testApp, type TestContext } from "../testing/helpers";

/**
 * Authorisation from the route table: every route registered under /api/staff, whatever file adds
 * it, answers 401 without a session and 403 to a candidate. A new staff route is covered the moment
 * it is registered.
 */
const routes: { method: string; url: string }[] = [];
async function recordRoutes(app: FastifyInstance) {
  app.addHook("onRoute", (r: RouteOptions) => {
    for (const method of [r.method].flat()) if (method !== "HEAD") routes.push({ method, url: r.url });
  });
}

let t: TestContext;
beforeAll(async () => {
  t = await testApp({ plugins: [recordRoutes] });
});
afterAll(() => t.close());

const staffRoutes = () => routes.filter((r) => r.url.startsWith("/api/staff"));
const concrete = (url: string) => url.replace(/:\w+/g, "1");
const send = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as "GET",
    url: concrete(url),
    headers,
    ...(method === "GET" ? {} : { payload: {} }),
  });

/** What only subject-matter experts do (issue 30): their agreement, and every write to the item bank. */
const smeOnly = (r: { method: string; url: string }) =>
  r.url.startsWith("/api/staff/sme-agreement") || (r.url.startsWith("/api/staff/items") && r.method !== "GET");

describe("every /api/staff route, from the route table", () => {
  it("finds the console's routes", () => {
    expect(staffRoutes().length).toBeGreaterThanOrEqual(8);
  });

  it("answers 401 without a session", async () => {
    for (const r of staffRoutes()) {
      const res = await send(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error).toBe("unauthorized");
    }
  });

  it("answers 401 for an expired or made-up session token", async () => {
    for (const r of staffRoutes()) {
      const res = await send(r.method, r.url, { authorization: "Bearer not-a-real-token" });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("answers 403 to a candidate", async () => {
    const candidate = await accountWithRole(t.app, "candidate");
    for (const r of staffRoutes()) {
      const res = await send(r.method, r.url, candidate.headers);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error).toBe("forbidden");
    }
  });

  it("lets staff through, except to the admin-only members and audit routes and the SMEs' own steps (403)", async () => {
    const staff = await accountWithRole(t.app, "staff");
    for (const r of staffRoutes()) {
      const res = await send(r.method, r.url, staff.headers);
      const adminOnly = /^\/api\/staff\/(members|invitations|audit)/.test(r.url);
      if (adminOnly || smeOnly(r)) expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      else expect([401, 403], `${r.method} ${r.url}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    }
  });

  it("lets an SME reach only the item bank, its agreement and the cut-score ratings (403 elsewhere)", async () => {
    const sme = await accountWithRole(t.app, "sme");
    // the cut-score study's ratings and study are the SMEs' too; recording a passing-score decision is not
    const smes = /^\/api\/staff\/((items|sme-agreement)(\/|$)|bank\/(angoff|cut-score)$)/;
    for (const r of staffRoutes()) {
      const res = await send(r.method, r.url, sme.headers);
      if (smes.test(r.url.split("?")[0]!)) expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
      else expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    }
  });

  it("lets a proctor reach only the live sessions and the check-in queue (403 elsewhere)", async () => {
    const proctor = await accountWithRole(t.app, "proctor");
    const proctors = /^\/api\/staff\/(proctoring\/(sessions|frames)|check-ins)(\/|$)/;
    let reached = 0;
    for (const r of staffRoutes()) {
      const res = await send(r.method, r.url, proctor.headers);
      if (proctors.test(r.url)) {
        expect([401, 403], `${r.method} ${r.url}`).not.toContain(res.statusCode);
        reached++;
      } else expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    }
    // the sessions, one session and its seven actions, a frame; the queue, a photo, approve and reject
    expect(reached).toBe(13);
  });
});
