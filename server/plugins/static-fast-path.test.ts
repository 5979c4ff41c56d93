import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestContext } from "../testing/helpers";
import { headerOf } from "./static-fast-path";

// A small build: two pages (one the system check, whose headers differ), a hashed asset with its copies.
const SCRIPT = "export const greeting = 'hello';\n".repeat(100);
let dir: string;
let t: TestContext;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-fast-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>t</title><h1>Home</h1><script>1</script>");
  fs.mkdirSync(path.join(dir, "system-check"));
  fs.writeFileSync(path.join(dir, "system-check", "index.html"), "<!doctype html><title>s</title><h1>Check</h1>");
  fs.mkdirSync(path.join(dir, "404"));
  fs.writeFileSync(path.join(dir, "404", "index.html"), "<!doctype html><title>n</title><h1>Not found</h1>");
  fs.mkdirSync(path.join(dir, "assets"));
  const js = path.join(dir, "assets", "app-abc123.js");
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(SCRIPT));
  t = await testApp({ serveSite: true }, { CLIENT_DIR: dir, NODE_ENV: "production" });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Seen {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The request over real HTTP: the fast path answers it (or passes it to Fastify). */
function overHttp(method: string, url: string, headers: Record<string, string>): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("base64") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** The same request through Fastify's routes (inject never takes the fast path). */
async function throughFastify(method: string, url: string, headers: Record<string, string>): Promise<Seen> {
  const res = await t.app.inject({ method: method as "GET", url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload.toString("base64") };
}

/** Headers that differ per connection or per moment, not per answer. */
const comparable = (h: Record<string, unknown>) => {
  const { date: _d, connection: _c, "keep-alive": _k, "transfer-encoding": _t, ...rest } = h;
  return rest;
};

describe("the fast path for static bytes", () => {
  const cases: [string, string, Record<string, string>][] = [];
  for (const url of ["/", "/?next=/account", "/system-check", "/assets/app-abc123.js", "/assets/app-abc123.js?v=1"])
    for (const method of ["GET", "HEAD"])
      for (const encoding of ["gzip, deflate, br, zstd", "gzip", "identity", ""])
        cases.push([method, url, encoding ? { "accept-encoding": encoding } : {}]);

  it("answers every page and asset exactly as Fastify's routes do: status, headers and bytes", async () => {
    for (const [method, url, headers] of cases) {
      const [fast, routed] = await Promise.all([overHttp(method, url, headers), throughFastify(method, url, headers)]);
      // the same headers with the same values in the same order (Date and the connection's aside)
      expect(Object.entries(comparable(fast.headers)), `${method} ${url} ${JSON.stringify(headers)}`).toEqual(
        Object.entries(comparable(routed.headers)),
      );
      expect([fast.status, fast.body]).toEqual([routed.status, routed.body]);
    }
  });

  it("answers a matching If-None-Match with 304, as Fastify does", async () => {
    for (const url of ["/", "/assets/app-abc123.js"]) {
      const first = await overHttp("GET", url, { "accept-encoding": "br" });
      const etag = String(first.headers.etag);
      const fast = await overHttp("GET", url, { "accept-encoding": "br", "if-none-match": etag });
      const routed = await throughFastify("GET", url, { "accept-encoding": "br", "if-none-match": etag });
      expect([fast.status, comparable(fast.headers)]).toEqual([304, comparable(routed.headers)]);
    }
  });

  it("keeps the security headers, the page's CSP and the system check's camera permission", async () => {
    const home = await overHttp("GET", "/", {});
    expect(home.headers["x-frame-options"]).toBe("DENY");
    expect(home.headers["strict-transport-security"]).toContain("max-age=");
    expect(String(home.headers["content-security-policy"])).toContain("'sha256-");
    expect(home.headers["permissions-policy"]).toContain("camera=()");
    const check = await overHttp("GET", "/system-check", {});
    expect(check.headers["permissions-policy"]).toContain("camera=(self)");
  });

  it("writes the request line of every answer, without the query string", async () => {
    const before = t.logs.length;
    await overHttp("GET", "/?token=secret-value", {});
    const lines = t.logs.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = lines.find((l) => l.msg === "request");
    expect(line).toMatchObject({ method: "GET", path: "/", status: 200 });
    expect(typeof line!.reqId).toBe("string");
    expect(typeof line!.ms).toBe("number");
    expect(t.logs.slice(before).join("\n")).not.toContain("secret-value");
  });

  it("leaves everything else to Fastify: a trailing slash, an encoded path, another method, an unknown path", async () => {
    expect((await overHttp("GET", "/system-check/", {})).status).toBe(301);
    expect((await overHttp("GET", "/%73ystem-check", {})).status).toBe(200);
    expect((await overHttp("POST", "/", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(303);
    const missing = await overHttp("GET", "/no-such-page", {});
    expect(missing.status).toBe(404);
    expect(missing.headers["x-frame-options"]).toBe("DENY");
  });
});

describe("the fast path's reading of request headers", () => {
  /** Node's own req.headers and the raw lines, for a request written byte by byte */
  const parsed = (head: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; raw: string[] }>((resolve, reject) => {
      const server = http.createServer((req, res) => {
        resolve({ headers: req.headers, raw: req.rawHeaders });
        res.end();
        server.close();
      });
      server.listen(0, "127.0.0.1", () => {
        const socket = net.connect((server.address() as { port: number }).port, "127.0.0.1", () =>
          socket.end(`GET / HTTP/1.1\r\nHost: x\r\n${head}\r\n`),
        );
        socket.on("error", reject);
      });
    });

  it("gives accept-encoding and if-none-match as req.headers does: any case, repeated lines joined", async () => {
    const heads = [
      "",
      "accept-encoding: br\r\n",
      "Accept-Encoding: gzip, deflate\r\n",
      'ACCEPT-ENCODING: gzip\r\naccept-encoding: br\r\nAccept-Encoding:\r\nIf-None-Match: "a"\r\nif-none-match: W/"b"\r\n',
      "X-Accept-Encoding: br\r\nAccept-Encodings: br\r\n",
    ];
    for (const head of heads) {
      const { headers, raw } = await parsed(head);
      for (const name of ["accept-encoding", "if-none-match"] as const)
        expect(headerOf(raw, name), `${name} in ${JSON.stringify(head)}`).toBe(headers[name]);
    }
  });
});
