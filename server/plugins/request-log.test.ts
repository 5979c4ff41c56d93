import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestContext } from "../testing/helpers";
import { logDestination } from "./request-log";

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

describe("the log destination", () => {
  it("gathers lines into larger writes, yet writes a lone line within the flush interval and all on flushSync", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "citb-log-")), "server.log");
    const log = logDestination(file, 200);
    const logger = pino(log.stream);
    try {
      await new Promise<void>((resolve) => log.stream.once("ready", () => resolve()));
      logger.info({ n: 1 }, "lone line");
      expect(fs.readFileSync(file, "utf8")).toBe(""); // held: under 4 KiB
      await new Promise((r) => setTimeout(r, 600));
      expect(fs.readFileSync(file, "utf8")).toContain('"msg":"lone line"'); // flushed by the timer
      for (let i = 0; i < 100; i++) logger.info({ i }, "busy line");
      log.stream.flushSync(); // what pino does on exit
      const lines = fs.readFileSync(file, "utf8").trim().split("\n");
      expect(lines).toHaveLength(101);
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg).at(-1)).toBe("busy line");
    } finally {
      log.stop();
      log.stream.end();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
