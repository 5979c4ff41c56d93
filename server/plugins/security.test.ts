import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestContext } from "../testing/helpers";

const INLINE = 'window.__ctx = {"a":1};';
const LD_JSON = '{"@context":"https://schema.org","@type":"Organization","name":"CITB"}';
let dir: string;
let t: TestContext;
let prod: TestContext;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-site-"));
  const page = (body: string) =>
    `<!doctype html><html><head><title>t</title><script type="application/ld+json">${LD_JSON}</script></head><body>${body}<script>${INLINE}</script><script type="module" src="/assets/app-abc123.js"></script></body></html>`;
  fs.writeFileSync(path.join(dir, "index.html"), page("<h1>Home</h1>"));
  fs.mkdirSync(path.join(dir, "about"));
  fs.writeFileSync(path.join(dir, "about", "index.html"), page("<h1>About</h1>"));
  fs.writeFileSync(path.join(dir, "__spa-fallback.html"), page(""));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)".repeat(200));
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  fs.mkdirSync(path.join(dir, "blog"));
  fs.writeFileSync(path.join(dir, "blog", "feed.atom"), '<?xml version="1.0" encoding="utf-8"?><feed/>');
  t = await testApp({ serveSite: true }, { CLIENT_DIR: dir });
  prod = await testApp({ serveSite: true }, { CLIENT_DIR: dir, NODE_ENV: "production" });
});
afterAll(async () => {
  await t.close();
  await prod.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const requests = [
  { name: "page", url: "/about" },
  { name: "home", url: "/" },
  { name: "asset", url: "/assets/app-abc123.js" },
  { name: "file", url: "/favicon.svg" },
  { name: "404 page", url: "/nope" },
  { name: "API", url: "/api/health" },
  { name: "API 404", url: "/api/nope" },
  { name: "API 401", url: "/api/me" },
  { name: "API 400", url: "/api/inquiries", method: "POST" as const, payload: {} },
  {
    name: "API 415",
    url: "/api/inquiries",
    method: "POST" as const,
    payload: "x",
    headers: { "content-type": "text/plain" },
  },
];

describe("security headers on every response", () => {
  for (const r of requests) {
    it(`${r.name} (${r.url})`, async () => {
      const request = { method: r.method ?? "GET", url: r.url, payload: r.payload, headers: r.headers };
      const res = await t.app.inject(request);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["x-powered-by"]).toBeUndefined();
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      const p = await prod.app.inject(request);
      expect(p.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    });
  }

  it("allows each page's inline scripts by hash only", async () => {
    const res = await t.app.inject({ url: "/about" });
    const hash = createHash("sha256").update(INLINE).digest("base64");
    expect(res.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
  });

  it("names no hash for structured data, which is never run (a JSON-LD block is data)", async () => {
    const csp = String((await t.app.inject({ url: "/about" })).headers["content-security-policy"]);
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
    expect(csp).not.toContain(createHash("sha256").update(LD_JSON).digest("base64"));
  });
});

describe("serving the site", () => {
  it("answers pages 200 with compression and an ETag, 304 when unchanged", async () => {
    const res = await t.app.inject({ url: "/about", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const again = await t.app.inject({ url: "/about", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
  it("redirects a trailing slash, 404s unknown paths with the fallback page, caches hashed assets for a year", async () => {
    expect((await t.app.inject({ url: "/about/" })).headers.location).toBe("/about");
    const missing = await t.app.inject({ url: "/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toContain("text/html");
    const asset = await t.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await t.app.inject({ url: "/index.html" })).statusCode).toBe(404);
  });
  it("serves the blog's Atom feed as application/atom+xml", async () => {
    const feed = await t.app.inject({ url: "/blog/feed.atom" });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^application\/atom\+xml/);
  });
});
