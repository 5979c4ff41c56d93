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
    c.logger.level = "info";
    write(line);
    expect(c.lines).toHaveLength(3);
  });

  it("leaves the line to pino when the logger could change it (a mixin, a message prefix)", () => {
    for (const options of [{ mixin: () => ({ extra: 1 }) }, { msgPrefix: "[web] " }] as pino.LoggerOptions[]) {
      const c = capture(options);
      const write = requestLineWriter(c.logger);
      write(line);
      write.fixed(line.method, line.path)(line.status, line.ms); // the fast path's form: a fresh id, pino's line
      expect(c.lines).toHaveLength(2);
      const { reqId, ...rest } = line;
      for (const l of c.lines) {
        expect(JSON.parse(l)).toMatchObject({ ...rest, msg: expect.stringContaining("request") as string });
        if (options.mixin) expect(JSON.parse(l)).toMatchObject({ extra: 1 });
        else expect(JSON.parse(l)).toMatchObject({ msg: "[web] request" });
      }
      expect(JSON.parse(c.lines[0]!)).toMatchObject({ reqId });
      expect(JSON.parse(c.lines[1]!)).toMatchObject({ reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string });
    }
  });
});

describe("the log destination", () => {
  /** a logger writing to logDestination in a fresh file, as the server's does */
  const withFileLog = async (
    run: (logger: pino.Logger, file: string, log: ReturnType<typeof logDestination>) => void,
  ) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "citb-log-")), "server.log");
    const log = logDestination(file, 200);
    const logger = pino({ level: "info", redact: ["*.password"] }, log.stream);
    try {
      await new Promise<void>((resolve) => log.stream.once("ready", () => resolve()));
      run(logger, file, log);
    } finally {
      log.stop();
      log.stream.end();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  };

  it("takes the request line straight into its buffer, the very line pino writes, in order with pino's lines", () =>
    withFileLog((logger, file, log) => {
      const write = requestLineWriter(logger);
      const strings = { written: 0 };
      const { write: pinoWrite } = log.stream;
      log.stream.write = (s: string) => (strings.written++, pinoWrite.call(log.stream, s));
      const line: RequestLine = {
        reqId: "5b0c2a3e-1d9f-4c43-9d7e-0c1f2e3a4b5c",
        method: "GET",
        path: "/a b",
        status: 200,
        ms: 12.3,
      };
      write(line);
      expect(strings.written).toBe(0); // no string: bytes into the buffer
      writeRequestLine(logger, line); // pino's own, for comparison
      expect(strings.written).toBe(1);
      logger.info("between");
      write({ method: "HEAD", path: '/odd"path', status: 304, ms: 0 }); // a fresh request id, an escaped path
      logger.level = "warn";
      write(line); // not at warn
      logger.level = "debug";
      write({ ...line, reqId: "again" }); // and again below it
      log.stream.flushSync();
      const lines = fs.readFileSync(file, "utf8").trim().split("\n");
      expect(lines).toHaveLength(5);
      expect(JSON.parse(lines[4]!)).toMatchObject({ reqId: "again", msg: "request" });
      const untimed = (l: string) => l.replace(/"time":\d+/, '"time":0');
      expect(untimed(lines[0]!)).toBe(untimed(lines[1]!));
      expect(JSON.parse(lines[2]!)).toMatchObject({ msg: "between" });
      const fresh = JSON.parse(lines[3]!) as Record<string, unknown>;
      expect(fresh).toMatchObject({ level: 30, method: "HEAD", path: '/odd"path', status: 304, ms: 0, msg: "request" });
      expect(fresh.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Math.abs((fresh.time as number) - Date.now())).toBeLessThan(5000);
    }));

  it("writes the lines of one method and path (the fast path's) as the writer writes any line", () =>
    withFileLog((logger, file, log) => {
      const write = requestLineWriter(logger);
      const paths = ["/", "/assets/react-kqKdCICj.js", '/odd"path', "/a b"];
      for (const p of paths) {
        write.fixed("GET", p)(200, 1.25);
        write({ method: "GET", path: p, status: 200, ms: 1.25 });
        write.fixed("HEAD", p)(304, 0);
        write({ method: "HEAD", path: p, status: 304, ms: 0 });
      }
      logger.level = "warn";
      write.fixed("GET", "/")(200, 1); // not at warn
      logger.level = "info";
      log.stream.flushSync();
      const lines = fs
        .readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((l) => l.replace(/"time":\d+/, '"time":0').replace(/"reqId":"[^"]+"/, '"reqId":"x"'));
      expect(lines).toHaveLength(paths.length * 4);
      for (let i = 0; i < lines.length; i += 2) expect(lines[i]).toBe(lines[i + 1]);
      expect(JSON.parse(lines[0]!)).toMatchObject({ method: "GET", path: "/", status: 200, ms: 1.3, msg: "request" });
    }));

  it("writes each full buffer at once, every line whole and in order across buffers", () =>
    withFileLog((logger, file) => {
      const write = requestLineWriter(logger);
      const n = 3000; // about 600 KB of lines: several buffers of 64 KiB
      for (let i = 0; i < n; i++) {
        write({ method: "GET", path: `/assets/file-${i}.js`, status: 200, ms: i / 10 });
        if (i % 100 === 0) logger.info({ i, note: "é".repeat(i % 7) }, "pino line");
      }
      const written = fs.readFileSync(file, "utf8"); // before any flush: the full buffers
      expect(written.length).toBeGreaterThan(400_000);
      expect(written.endsWith("\n")).toBe(true);
      logger.flush();
      const lines = fs
        .readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.filter((l) => l.msg === "pino line")).toHaveLength(n / 100);
      const paths = lines.filter((l) => l.msg === "request").map((l) => l.path);
      expect(paths).toEqual(Array.from({ length: n }, (_, i) => `/assets/file-${i}.js`));
      const reqIds = new Set(lines.map((l) => l.reqId));
      expect(reqIds.size).toBe(n + 1); // a fresh id per request line (and none on pino's lines)
    }));

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
