import diagnostics from "node:diagnostics_channel";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestContext } from "../testing/helpers";
import { logDestination, requestLineWriter, writeRequestLine, type RequestLine } from "./request-log";

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

describe("the fast path's request line", () => {
  /** lines written, and how many pino serialized (its asJson tracing channel, pino's diagnostics) */
  const capture = (options: pino.LoggerOptions) => {
    const lines: string[] = [];
    let serialized = 0;
    const logger = pino(options, { write: (l: string) => void lines.push(l) });
    const count = { start: () => void serialized++, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
    return { lines, logger, count, serialized: () => serialized };
  };
  const channel = diagnostics.tracingChannel("pino_asJson");
  const line: RequestLine = {
    reqId: "5b0c2a3e-1d9f-4c43-9d7e-0c1f2e3a4b5c",
    method: "HEAD",
    path: "/a b",
    status: 304,
    ms: 0.4,
  };
  const untimed = (l: string) => l.replace(/"time":\d+/, '"time":0');

  it("is the very line pino writes, put together without pino's serializer, and none below info", () => {
    const c = capture({ level: "info", redact: ["*.password"] });
    const write = requestLineWriter(c.logger);
    channel.subscribe(c.count);
    try {
      write(line);
      expect(c.serialized()).toBe(0); // put together by the writer
      writeRequestLine(c.logger, line);
      expect(c.serialized()).toBe(1); // by pino
    } finally {
      channel.unsubscribe(c.count);
    }
    expect(c.lines).toHaveLength(2);
    expect(untimed(c.lines[0]!)).toBe(untimed(c.lines[1]!));
    c.logger.level = "warn";
    write(line);
    expect(c.lines).toHaveLength(2);
  });

  it("leaves the line to pino when the logger could change it (a mixin, a message prefix)", () => {
    for (const options of [{ mixin: () => ({ extra: 1 }) }, { msgPrefix: "[web] " }] as pino.LoggerOptions[]) {
      const c = capture(options);
      requestLineWriter(c.logger)(line);
      expect(c.lines).toHaveLength(1);
      expect(JSON.parse(c.lines[0]!)).toMatchObject({ ...line, msg: expect.stringContaining("request") as string });
      if (options.mixin) expect(JSON.parse(c.lines[0]!)).toMatchObject({ extra: 1 });
      else expect(JSON.parse(c.lines[0]!)).toMatchObject({ msg: "[web] request" });
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
      expect(fs.readFileSync(file, "utf8")).toBe(""); // held: under 64 KiB
      await new Promise((r) => setTimeout(r, 600));
      expect(fs.readFileSync(file, "utf8")).toContain('"msg":"lone line"'); // flushed by the timer
      for (let i = 0; i < 100; i++) logger.info({ i }, "busy line");
      log.stream.flushSync(); // what pino does on exit
      const lines = fs.readFileSync(file, "utf8").trim().split("\n");
      expect(lines).toHaveLength(101);
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg).at(-1)).toBe("busy line");
      // written in one turn of the event loop, handed over as one string, in order
      expect(lines.slice(1).map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([...Array(100).keys()]);
    } finally {
      log.stop();
      log.stream.end();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
