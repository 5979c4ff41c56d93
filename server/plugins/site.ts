import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { NOT_FOUND_PAGE } from "../../app/data/not-found";
import { sendNotFound } from "../errors";
import { contentSecurityPolicy } from "./security";
import { installFastPath, type Answer, type Answerer } from "./static-fast-path";

interface Page {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  csp: string;
  /** its answers with status 200, made once (and again when `br` changes): pageAnswer picks one */
  answers?: Representations;
}

/**
 * A file's answers, one per representation, made once so that a request allocates nothing to pick one:
 * `ok` (200) and `notModified` (304, no body) for brotli, gzip and the identity. A missing compressed copy
 * has no entry.
 */
interface Representations {
  br?: { ok: Answer; notModified: Answer };
  gzip?: { ok: Answer; notModified: Answer };
  identity: { ok: Answer; notModified: Answer };
}

/** A hashed build file (build/client/assets), held in memory with its precompressed variants. */
interface Asset {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  lastModified: string;
  answers?: Representations;
}

const ASSET_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
};
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The build's compressed copy of a file (`.br` or `.gz`, written by scripts/postbuild.ts), when there is
 * one at least as new as the file itself.
 */
function prebuilt(file: string, ext: ".br" | ".gz"): Buffer | undefined {
  const copy = file + ext;
  if (!fs.existsSync(copy) || fs.statSync(copy).mtimeMs < fs.statSync(file).mtimeMs) return undefined;
  return fs.readFileSync(copy);
}

/**
 * Every file in the hashed assets folder, keyed by its URL (/assets/…), read once at start-up with the
 * `.br` and `.gz` made by scripts/postbuild.ts. The files never change under a name, so memory is the
 * cache: a request costs no file-system call.
 */
export function loadAssets(clientDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const dir = path.join(clientDir, "assets");
  if (!fs.existsSync(dir)) return assets;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const file = path.join(dir, entry.name);
    const raw = fs.readFileSync(file);
    assets.set(`/assets/${entry.name}`, {
      raw,
      br: prebuilt(file, ".br"),
      gzip: prebuilt(file, ".gz"),
      type: ASSET_TYPES[path.extname(entry.name).toLowerCase()] ?? "application/octet-stream",
      etag: createHash("sha1").update(raw).digest("base64url").slice(0, 20),
      lastModified: fs.statSync(file).mtime.toUTCString(),
    });
  }
  return assets;
}

/** The encodings a request accepts (q=0 excluded), from its accept-encoding header. */
function accepts(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name!.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

const BR = 1;
const GZIP = 2;
/** accept-encoding values seen, with what they accept: browsers send a handful, so a request parses none. */
const acceptedBy = new Map<string, number>();

/** The compressed forms (BR | GZIP) an accept-encoding header accepts. */
function acceptedCodings(header: string | undefined): number {
  if (!header) return 0;
  let codings = acceptedBy.get(header);
  if (codings === undefined) {
    codings = (accepts(header, "br") ? BR : 0) | (accepts(header, "gzip") ? GZIP : 0);
    // bounded: a client sending a new value each time gets it parsed each time, and no memory
    if (header.length <= 256) {
      if (acceptedBy.size >= 64) acceptedBy.clear();
      acceptedBy.set(header, codings);
    }
  }
  return codings;
}

/** The representation a request gets: brotli, else gzip, else the identity, as it accepts and they exist. */
function negotiate(answers: Representations, acceptEncoding: string | undefined, ifNoneMatch: string | undefined) {
  const codings = acceptedCodings(acceptEncoding);
  const chosen = (codings & BR && answers.br) || (codings & GZIP && answers.gzip) || answers.identity;
  return ifNoneMatch && matches(ifNoneMatch, chosen.ok.headers.etag!) ? chosen.notModified : chosen.ok;
}

/** Whether an If-None-Match header names this ETag (a list, weak or not). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** An asset's answers: one strong validator per encoding, as each encoding is one representation. */
function assetRepresentations(asset: Asset): Representations {
  const representation = (body: Buffer, encoding?: "br" | "gzip") => {
    const headers: Record<string, string> = {
      "content-type": asset.type,
      "cache-control": IMMUTABLE,
      etag: `"${asset.etag}${encoding ? `-${encoding}` : ""}"`,
      "last-modified": asset.lastModified,
    };
    if (asset.br || asset.gzip) headers.vary = "accept-encoding";
    return {
      ok: { status: 200, headers: encoding ? { ...headers, "content-encoding": encoding } : headers, body },
      notModified: { status: 304, headers, body: undefined },
    };
  };
  return {
    br: asset.br && representation(asset.br, "br"),
    gzip: asset.gzip && representation(asset.gzip, "gzip"),
    identity: representation(asset.raw),
  };
}

function assetAnswer(asset: Asset, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): Answer {
  asset.answers ??= assetRepresentations(asset);
  return negotiate(asset.answers, acceptEncoding, ifNoneMatch);
}

function send(reply: FastifyReply, answer: Answer) {
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
/** A script element whose type is not JavaScript (JSON-LD, import maps aside) is a data block: never run. */
const DATA_BLOCK = /\btype=["']?application\/(ld\+)?json\b/i;

/**
 * SHA-256 hashes (base64) of every inline script in an HTML document, for the CSP. Data blocks such as the
 * structured data (`<script type="application/ld+json">`) are not executed, so the CSP need not name them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT))
    if (!DATA_BLOCK.test(m[1]!)) hashes.add(createHash("sha256").update(m[2]!).digest("base64"));
  return [...hashes];
}

/**
 * The site's public address in what the build wrote (issue 31.4): the prerendered pages' canonical links, Open
 * Graph URLs and structured data, the sitemap, robots.txt and the blog feed name the organisation's address
 * (app/data/org.ts) at build time; the server answers with PUBLIC_URL instead, read at start-up.
 */
export interface Origin {
  /** the address the build wrote (org.siteUrl) */
  built: string;
  /** the address the server answers with (PUBLIC_URL, without a trailing slash) */
  public: string;
}

/** `text` with every occurrence of the build's address replaced by the public one (undefined: unchanged). */
export function rewriteOrigin(text: Buffer, origin: Origin | undefined): Buffer | undefined {
  if (!origin || origin.built === origin.public) return undefined;
  const s = text.toString("utf8");
  if (!s.includes(origin.built)) return undefined;
  return Buffer.from(s.replaceAll(origin.built, origin.public));
}

const brotli = (raw: Buffer, quality: number) =>
  zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * A page with its compressed forms: the build's copies (postbuild makes them at the highest levels), or
 * made here when there are none (brotli at quality 11 costs about 50 ms of CPU per page, seconds per build).
 * A page that names the build's address is served with the public one: its compressed forms are made here,
 * brotli at quality 5 at once (3 ms a page), then, in production, at quality 11 off the event loop.
 */
function loadPage(file: string, production: boolean, origin?: Origin): Page {
  const built = fs.readFileSync(file);
  const rewritten = rewriteOrigin(built, origin);
  const raw = rewritten ?? built;
  const page: Page = {
    raw,
    gzip: (!rewritten && prebuilt(file, ".gz")) || zlib.gzipSync(raw, { level: 9 }),
    br: (!rewritten && prebuilt(file, ".br")) || brotli(raw, rewritten ? 5 : 11),
    etag: `"${createHash("sha1").update(raw).digest("base64url")}"`,
    csp: contentSecurityPolicy(inlineScriptHashes(raw.toString("utf8")), production),
  };
  if (rewritten && production) smallerLater.push(page);
  return page;
}

/** Pages whose brotli copy was made quickly at start-up; recompressed at quality 11, one at a time, off the event loop. */
const smallerLater: Page[] = [];
function recompressInBackground() {
  const page = smallerLater.shift();
  if (!page) return;
  zlib.brotliCompress(page.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }, (err, br) => {
    if (!err && br.length < page.br.length) {
      page.br = br;
      page.answers = undefined; // made again with the new bytes
    }
    recompressInBackground();
  });
}

/**
 * The build's other text files that name its address (sitemap.xml, robots.txt, the blog feed), keyed by
 * URL, with the public address in their place; served from memory (the rest stay with @fastify/static).
 */
function rewrittenFiles(clientDir: string, origin: Origin | undefined): Map<string, { body: Buffer; type: string }> {
  const files = new Map<string, { body: Buffer; type: string }>();
  const types: Record<string, string> = {
    ".xml": "application/xml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".atom": "application/atom+xml; charset=utf-8",
    ".rss": "application/rss+xml; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json; charset=utf-8",
  };
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(clientDir, "assets")) walk(full);
        continue;
      }
      const type = types[path.extname(entry.name)];
      if (!type) continue;
      const body = rewriteOrigin(fs.readFileSync(full), origin);
      if (body) files.set(`/${path.relative(clientDir, full).split(path.sep).join("/")}`, { body, type });
    }
  };
  walk(clientDir);
  return files;
}

/** Every prerendered page below `dir`, keyed by its route path ("/", "/about", …). */
function findPages(dir: string, production: boolean, origin?: Origin): Map<string, Page> {
  const pages = new Map<string, Page>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html") {
        const rel = path.relative(dir, path.dirname(full)).split(path.sep).join("/");
        pages.set(rel ? `/${rel}` : "/", loadPage(full, production, origin));
      }
    }
  };
  walk(dir);
  return pages;
}

/** A page's answers with a status: 200 with its ETag (and 304 for a matching If-None-Match), or 404 without. */
function pageRepresentations(page: Page, status: number): Representations {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
    "content-security-policy": page.csp,
    vary: "accept-encoding",
  };
  if (status === 200) headers.etag = page.etag;
  const notModified: Answer = { status: 304, headers, body: undefined };
  return {
    br: { ok: { status, headers: { ...headers, "content-encoding": "br" }, body: page.br }, notModified },
    gzip: { ok: { status, headers: { ...headers, "content-encoding": "gzip" }, body: page.gzip }, notModified },
    identity: { ok: { status, headers, body: page.raw }, notModified },
  };
}

function pageAnswer(
  page: Page,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
  status = 200,
): Answer {
  if (status !== 200) return negotiate(pageRepresentations(page, status), acceptEncoding, undefined);
  page.answers ??= pageRepresentations(page, 200);
  return negotiate(page.answers, acceptEncoding, ifNoneMatch);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200) {
  return send(reply, pageAnswer(page, request.headers["accept-encoding"], request.headers["if-none-match"], status));
}

/**
 * Serves the prerendered site: each page from memory (precompressed, with its own CSP hashes),
 * hashed assets from memory (their build-time .br/.gz) with a one-year immutable cache, other files
 * through @fastify/static for an hour, and for any other path
 * the prerendered not-found page (build/client/404) with status 404. `/api/*`
 * paths that match nothing get the JSON 404.
 */
export const sitePlugin = fp(
  async (
    app: FastifyInstance,
    opts: { clientDir: string; production: boolean; origin?: Origin; fastPath?: boolean },
  ) => {
    const clientDir = path.resolve(opts.clientDir);
    const hasBuild = fs.existsSync(path.join(clientDir, "index.html"));
    const pages = hasBuild ? findPages(clientDir, opts.production, opts.origin) : new Map<string, Page>();
    // the prerendered not-found page answers unknown paths with 404; at its own path too, never with 200
    const notFoundPage = pages.get(NOT_FOUND_PAGE);
    pages.delete(NOT_FOUND_PAGE);
    const fallbackFile = path.join(clientDir, "__spa-fallback.html");
    const fallback = fs.existsSync(fallbackFile) ? loadPage(fallbackFile, opts.production, opts.origin) : undefined;
    if (smallerLater.length > 0)
      app.addHook("onReady", async () => void setTimeout(recompressInBackground, 1000).unref());

    // every page and hashed asset by its path, for the fast path (installed at the end)
    const staticBytes = new Map<string, Answerer>();
    if (hasBuild) {
      const assets = loadAssets(clientDir);
      const held = [...pages.values(), ...(fallback ? [fallback] : []), ...(notFoundPage ? [notFoundPage] : [])].reduce(
        (n, p) => n + p.raw.length + p.gzip.length + p.br.length,
        [...assets.values()].reduce((n, a) => n + a.raw.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0), 0),
      );
      // the memory this costs is bounded by the build: every page and hashed asset with its compressed copies
      app.log.info({ pages: pages.size, assets: assets.size, bytes: held }, "site held in memory");
      for (const [url, asset] of assets) {
        const answer: Answerer = (acceptEncoding, ifNoneMatch) => assetAnswer(asset, acceptEncoding, ifNoneMatch);
        staticBytes.set(url, answer);
        app.get(url, { compress: false }, (request, reply) =>
          send(reply, answer(request.headers["accept-encoding"], request.headers["if-none-match"])),
        );
      }
      const files = rewrittenFiles(clientDir, opts.origin);
      for (const [url, file] of files)
        app.get(url, (_request, reply) =>
          reply.header("content-type", file.type).header("cache-control", "public, max-age=3600").send(file.body),
        );
      await app.register(fastifyStatic, {
        root: clientDir,
        globIgnore: ["assets/**", ...[...files.keys()].map((url) => url.slice(1))], // served from memory above
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        // Pages are served from memory (below), never as files: neither a page's .html nor the .br/.gz
        // copies the build makes of it.
        allowedPath: (p) => !/\.html(\.br|\.gz)?$/.test(p),
        dotfiles: "ignore",
        // @fastify/static 10 passes Fastify's reply (9 passed Node's response)
        setHeaders(reply) {
          reply.header("cache-control", "public, max-age=3600");
        },
      });
    }

    // compress: false on every route that sends precompressed bytes (@fastify/compress's hooks cost time)
    for (const [route, page] of pages) {
      const answer: Answerer = (acceptEncoding, ifNoneMatch) => pageAnswer(page, acceptEncoding, ifNoneMatch);
      staticBytes.set(route, answer);
      app.get(route, { compress: false }, (request, reply) =>
        send(reply, answer(request.headers["accept-encoding"], request.headers["if-none-match"])),
      );
      if (route !== "/") app.get(`${route}/`, (_request, reply) => reply.redirect(route, 301));
    }

    // A form sent before its page's code ran (a click while the page loads) arrives as a plain POST to the
    // page (the forms say method="post", so nothing typed lands in an address, a history or a log): the
    // page is answered again with 303, and the visitor sends the form once it is ready. The body is read
    // and dropped, in a scope of its own so that the API keeps refusing form encodings with 415.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"],
        { parseAs: "buffer", bodyLimit: 1024 * 1024 },
        (_request, _body, done) => done(null, undefined),
      );
      for (const route of pages.keys())
        scope.post(route, (_request, reply) => reply.header("cache-control", "no-store").redirect(route, 303));
    });

    // The staff console is client-rendered: its paths get the SPA page with 200 (the layout then asks
    // for a session), never indexed.
    if (fallback) {
      const staffPage = (request: FastifyRequest, reply: FastifyReply) => {
        reply.header("x-robots-tag", "noindex");
        return sendPage(request, reply, fallback);
      };
      app.get("/staff", { compress: false }, staffPage);
      app.get("/staff/*", { compress: false }, staffPage);
    }

    if (opts.fastPath !== false) installFastPath(app, staticBytes, opts.production);

    app.setNotFoundHandler((request, reply) => {
      const wantsHtml =
        (request.method === "GET" || request.method === "HEAD") &&
        !request.url.startsWith("/api/") &&
        request.url !== "/api";
      const page = notFoundPage ?? fallback;
      if (wantsHtml && page) return sendPage(request, reply, page, 404);
      return sendNotFound(request, reply);
    });
  },
);
