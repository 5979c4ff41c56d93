import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRaw, testApp, type TestContext } from "../testing/helpers";

const SCRIPT = "export const greeting = 'hello';\n".repeat(100);
const HOME = "<!doctype html><title>t</title><h1>Home</h1>";
const ABOUT = "<!doctype html><title>a</title><h1>About</h1>";
const NOT_FOUND = "<!doctype html><title>Page not found</title><h1>We could not find that page</h1>";
const SPA = "<!doctype html><title>app</title><div>the app</div>";
// quality 1: not what the server would make itself (11), so the test sees which bytes it sends
const HOME_BR = zlib.brotliCompressSync(HOME, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
let dir: string;
let t: TestContext;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-assets-"));
  fs.writeFileSync(path.join(dir, "index.html"), HOME);
  fs.mkdirSync(path.join(dir, "assets"));
  const js = path.join(dir, "assets", "app-abc123.js");
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "assets", "app-def456.css"), "body{color:red}");
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  // a page's file, the build's compressed copies of it (served as the page, never as files), and a dotfile
  fs.writeFileSync(path.join(dir, "index.html.br"), HOME_BR);
  fs.writeFileSync(path.join(dir, "index.html.gz"), zlib.gzipSync(HOME));
  // a page whose copies are older than the page itself (edited after the build): made again at start-up
  fs.mkdirSync(path.join(dir, "about"));
  const about = path.join(dir, "about", "index.html");
  fs.writeFileSync(about, ABOUT);
  fs.writeFileSync(`${about}.br`, zlib.brotliCompressSync("<h1>old</h1>"));
  fs.writeFileSync(`${about}.gz`, zlib.gzipSync("<h1>old</h1>"));
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(`${about}.br`, past, past);
  fs.utimesSync(`${about}.gz`, past, past);
  fs.writeFileSync(path.join(dir, ".env"), "SECRET=1\n");
  // the prerendered not-found page, and the SPA page the staff console uses
  fs.mkdirSync(path.join(dir, "404"));
  fs.writeFileSync(path.join(dir, "404", "index.html"), NOT_FOUND);
  fs.writeFileSync(path.join(dir, "__spa-fallback.html"), SPA);
  t = await testApp({ serveSite: true }, { CLIENT_DIR: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  t.app.inject({ method, url, headers });

/** A brotli request with If-None-Match `inm` is answered 304 without a body. */
async function expectNotModified(url: string, inm: string) {
  const again = await get(url, { "accept-encoding": "br", "if-none-match": inm });
  expect(again.statusCode, inm).toBe(304);
  expect(again.body).toBe("");
}

/** A HEAD request is answered 200 in the encoding asked for, without a body. */
async function expectHead(url: string, encoding: string) {
  const head = await get(url, { "accept-encoding": encoding }, "HEAD");
  expect(head.statusCode).toBe(200);
  expect(head.headers["content-encoding"]).toBe(encoding);
  expect(head.body).toBe("");
}

describe("prerendered pages", () => {
  it("answer an unknown path, and /404 itself, with the prerendered not-found page and status 404; the console with the app", async () => {
    for (const url of ["/no-such-page", "/404", "/policy/unknown", "/404/"]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).toContain("We could not find that page");
    }
    const staff = await get("/staff/orders");
    expect([staff.statusCode, staff.body]).toEqual([200, SPA]);
    const api = await get("/api/no-such-route");
    expect([api.statusCode, api.json().error]).toEqual([404, "not_found"]);
  });

  it("answer a form posted to them before the page's code ran with the page again (303), keeping nothing of it", async () => {
    for (const [type, payload] of [
      ["application/x-www-form-urlencoded", "email=ada%40example.com&password=secret"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
    ]) {
      const res = await postRaw(t.app, "/", type!, payload!);
      expect(res.statusCode, type).toBe(303);
      expect(res.headers.location).toBe("/");
      expect(res.body).not.toContain("secret");
    }
    expect(t.logs.join("\n")).not.toContain("secret");
    // the API still takes JSON only
    const api = await postRaw(t.app, "/api/login", "application/x-www-form-urlencoded", "email=a&password=b");
    expect(api.statusCode).toBe(415);
  });

  it("are sent from memory, brotli or gzip by the accept-encoding header (q=0 refuses), with a 304 and HEAD", async () => {
    const html = HOME;
    const br = await get("/", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.equals(HOME_BR)).toBe(true); // the build's copy, not one made at start-up
    expect(br.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("no-cache");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");

    const gz = await get("/", { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await get("/", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(html);

    const etag = String(br.headers.etag);
    for (const inm of [etag, `"other", W/${etag}`]) await expectNotModified("/", inm);
    await expectHead("/", "gzip");
  });

  it("are compressed at start-up when the build's copies are missing or older than the page", async () => {
    const br = await get("/about", { "accept-encoding": "br" });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ABOUT);
    const gz = await get("/about", { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ABOUT);
  });
});

describe("hashed assets", () => {
  it("are sent from memory with their build-time brotli or gzip variant, by the accept-encoding header", async () => {
    const br = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.headers["last-modified"]).toMatch(/GMT$/);
    expect(br.headers["content-security-policy"]).toContain("default-src 'self'"); // the security headers too

    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const refused = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");

    const plain = await get("/assets/app-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    // each representation has its own validator
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const first = await get("/assets/app-abc123.js", { "accept-encoding": "br" });
    await expectNotModified("/assets/app-abc123.js", String(first.headers.etag));
    await expectHead("/assets/app-abc123.js", "br");
  });

  it("are not read from disk per request: a file removed after start-up is still served", async () => {
    fs.rmSync(path.join(dir, "assets", "app-def456.css"));
    const css = await get("/assets/app-def456.css", { "accept-encoding": "br" });
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe("body{color:red}");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.headers["content-encoding"]).toBeUndefined(); // too small to be precompressed
  });

  it("leave other files to the static file server (an hour of cache) and unknown assets to the 404", async () => {
    const robots = await get("/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await get("/assets/missing-000.js")).statusCode).toBe(404);
  });

  it("never serve a page as a file: not its .html, not a compressed copy of it, not a dotfile", async () => {
    for (const url of ["/index.html", "/index.html.br", "/index.html.gz", "/.env"]) {
      for (const encoding of ["", "br, gzip"]) {
        const res = await get(url, encoding ? { "accept-encoding": encoding } : {});
        expect(res.statusCode, `${url} ${encoding}`).toBe(404);
        expect(res.body, url).not.toContain("SECRET");
      }
    }
  });
});
