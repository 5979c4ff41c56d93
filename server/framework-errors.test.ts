// Issue 13.7: every answer looks like ours, whatever produced it — our router, Fastify's body parsing,
// Fastify's URL decoding, or Node's HTTP parser before Fastify sees the request.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../app/schemas/errors";
import { z } from "../app/schemas/zod";
import { testApp, type TestContext } from "./testing/helpers";

let dir: string;
let t: TestContext;
let port: number;

const boom = async (app: FastifyInstance) => {
  app.get("/api/test-boom", async () => {
    throw new Error("internal detail that never leaves the server");
  });
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-errors-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Home</title><h1>Home</h1>");
  fs.writeFileSync(path.join(dir, "__spa-fallback.html"), "<!doctype html><title>Not found</title>");
  t = await testApp({ serveSite: true, plugins: [boom] }, { CLIENT_DIR: dir });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Headers = Record<string, string | number | string[] | undefined>;

function expectSecurityHeaders(headers: Headers, label: string) {
  expect(String(headers["content-security-policy"]), label).toContain("default-src 'self'");
  expect(String(headers["content-security-policy"]), label).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"], label).toBe("same-origin");
  expect(headers["cross-origin-resource-policy"], label).toBe("same-origin");
  expect(String(headers["permissions-policy"]), label).toContain("camera=()");
}

function expectJsonError(contentType: unknown, body: string, label: string) {
  expect(String(contentType), label).toContain("application/json");
  const parsed = z.strictObject(errorBodySchema.shape).safeParse(JSON.parse(body));
  expect(parsed.success, `${label}: ${body}`).toBe(true);
  expect(body, label).not.toMatch(/FST_|statusCode|Client Error/);
}

function expectHtmlPage(contentType: unknown, body: string, label: string) {
  expect(String(contentType), label).toContain("text/html");
  expect(body, label).toMatch(/^<!doctype html>/i);
  expect(body, label).toContain("<h1>");
  expect(body, label).toContain('href="/"');
  expect(body, label).not.toMatch(/FST_|statusCode|Client Error/);
}

/** Sends raw bytes on a fresh connection and reads the whole answer (the server closes it). */
function raw(bytes: string): Promise<{ status: number; headers: Headers; body: string }> {
  return new Promise((resolve, reject) => {
    let data = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.setEncoding("utf8");
    socket.on("data", (d) => (data += d));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Headers = {};
      for (const l of lines) {
        const i = l.indexOf(":");
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.setTimeout(5000, () => socket.destroy());
  });
}

describe("errors that Fastify answers itself", () => {
  it("a bad URL encoding: the JSON body under /api, the HTML page elsewhere, with every security header", async () => {
    const api = await t.app.inject({ url: "/api/%c0" });
    expect(api.statusCode).toBe(400);
    expectJsonError(api.headers["content-type"], api.body, "/api/%c0");
    expectSecurityHeaders(api.headers, "/api/%c0");
    expect(api.headers["cache-control"]).toBe("no-store");

    const page = await t.app.inject({ url: "/%c0" });
    expect(page.statusCode).toBe(400);
    expectHtmlPage(page.headers["content-type"], page.body, "/%c0");
    expectSecurityHeaders(page.headers, "/%c0");
  });

  const bodies = [
    { name: "bad JSON", status: 400, payload: "{bad", type: "application/json" },
    { name: "a body over the limit", status: 413, payload: `"${"x".repeat(70_000)}"`, type: "application/json" },
    { name: "another media type", status: 415, payload: "x", type: "text/plain" },
  ];
  for (const b of bodies) {
    it(`${b.name} gets ${b.status} in our JSON shape with every security header`, async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/inquiries",
        payload: b.payload,
        headers: { "content-type": b.type },
      });
      expect(res.statusCode).toBe(b.status);
      expectJsonError(res.headers["content-type"], res.body, b.name);
      expectSecurityHeaders(res.headers, b.name);
    });
  }

  it("the JSON 404 under /api is not stored by caches", async () => {
    const res = await t.app.inject({ url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expectJsonError(res.headers["content-type"], res.body, "404");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("a 500 carries a requestId that is the reqId of the request's log line, and no internals", async () => {
    t.logs.length = 0;
    const res = await t.app.inject({ url: "/api/test-boom" });
    expect(res.statusCode).toBe(500);
    expectJsonError(res.headers["content-type"], res.body, "500");
    expectSecurityHeaders(res.headers, "500");
    const { requestId } = res.json() as { requestId?: string };
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain("internal detail");
    const line = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === "unhandled error");
    expect(line?.reqId).toBe(requestId);
    expect(JSON.stringify(line)).toContain("internal detail");
  });
});

describe("errors that Node's HTTP parser answers before Fastify (real sockets)", () => {
  it("bytes that are not HTTP get our 400 with every security header", async () => {
    const res = await raw("GARBAGE\r\n\r\n");
    expect(res.status).toBe(400);
    expectJsonError(res.headers["content-type"], res.body, "garbage");
    expectSecurityHeaders(res.headers, "garbage");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(res.body));
  });

  it("headers over the size limit get 431: the HTML page for a page, the JSON body under /api", async () => {
    const big = `X-Big: ${"a".repeat(20_000)}\r\n`;
    const page = await raw(`GET /about HTTP/1.1\r\nHost: localhost\r\n${big}\r\n`);
    expect(page.status).toBe(431);
    expectHtmlPage(page.headers["content-type"], page.body, "431 page");
    expectSecurityHeaders(page.headers, "431 page");

    const api = await raw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\n${big}\r\n`);
    expect(api.status).toBe(431);
    expectJsonError(api.headers["content-type"], api.body, "431 api");
    expectSecurityHeaders(api.headers, "431 api");
    expect(api.headers["cache-control"]).toBe("no-store");
  });

  it("a bad URL encoding on a real connection gets the HTML page with every security header", async () => {
    const res = await raw("GET /%c0 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(res.status).toBe(400);
    expectHtmlPage(res.headers["content-type"], res.body, "raw /%c0");
    expectSecurityHeaders(res.headers, "raw /%c0");
  });
});
