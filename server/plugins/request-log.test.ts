import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestContext } from "../test-helpers";

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const lines = () => t.logs.map((l) => JSON.parse(l) as Record<string, unknown>);

describe("request logs", () => {
  it("write one line per response with method, path, status, duration and request id, never the query", async () => {
    t.logs.length = 0;
    await t.app.inject({ url: "/api/health?token=secret-value" });
    await t.app.inject({ url: "/api/me" });
    const all = lines();
    expect(all).toHaveLength(2);
    const [health, me] = all;
    expect(health).toMatchObject({ level: 30, msg: "request", method: "GET", path: "/api/health", status: 200 });
    expect(me).toMatchObject({ method: "GET", path: "/api/me", status: 401 });
    for (const l of all) {
      expect(typeof l.ms).toBe("number");
      expect(l.reqId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(health!.reqId).not.toBe(me!.reqId);
    expect(t.logs.join("\n")).not.toContain("secret-value");
    expect(t.logs.join("\n")).not.toContain("incoming request");
  });

  it("add an incoming-request line at debug, for requests that never finish", async () => {
    const debugLogs: string[] = [];
    const debug = await testApp({ logger: { level: "debug", stream: { write: (l: string) => debugLogs.push(l) } } });
    try {
      await debug.app.inject({ method: "POST", url: "/api/inquiries?x=1", payload: {} });
      const msgs = debugLogs.map((l) => JSON.parse(l) as Record<string, unknown>);
      const incoming = msgs.find((m) => m.msg === "incoming request");
      expect(incoming).toMatchObject({ level: 20, method: "POST", path: "/api/inquiries" });
      expect(msgs.find((m) => m.msg === "request")).toMatchObject({ status: 400, reqId: incoming!.reqId });
    } finally {
      await debug.close();
    }
  });
});
