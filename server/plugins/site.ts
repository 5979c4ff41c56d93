import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { contentSecurityPolicy } from "./security";

interface Page {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  csp: string;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** SHA-256 hashes (base64) of every inline script in an HTML document, for the CSP. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) hashes.add(createHash("sha256").update(m[1]!).digest("base64"));
  return [...hashes];
}

function loadPage(file: string, production: boolean): Page {
  const raw = fs.readFileSync(file);
  return {
    raw,
    gzip: zlib.gzipSync(raw, { level: 9 }),
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash("sha1").update(raw).digest("base64url")}"`,
    csp: contentSecurityPolicy(inlineScriptHashes(raw.toString("utf8")), production),
  };
}

/** Every prerendered page below `dir`, keyed by its route path ("/", "/about", …). */
function findPages(dir: string, production: boolean): Map<string, Page> {
  const pages = new Map<string, Page>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html") {
        const rel = path.relative(dir, path.dirname(full)).split(path.sep).join("/");
        pages.set(rel ? `/${rel}` : "/", loadPage(full, production));
      }
    }
  };
  walk(dir);
  return pages;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200) {
  reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("content-security-policy", page.csp)
    .header("vary", "accept-encoding");
  if (status === 200) {
    reply.header("etag", page.etag);
    if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
  }
  const accept = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return reply.header("content-encoding", "br").send(page.br);
  if (/\bgzip\b/.test(accept)) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.raw);
}

/**
 * Serves the prerendered site: each page from memory (precompressed, with its own CSP hashes),
 * hashed assets with a one-year immutable cache, other files for an hour, and for any other path
 * the SPA fallback page with status 404 (the client renders the not-found screen). `/api/*`
 * paths that match nothing get the JSON 404.
 */
export const sitePlugin = fp(async (app: FastifyInstance, opts: { clientDir: string; production: boolean }) => {
  const clientDir = path.resolve(opts.clientDir);
  const hasBuild = fs.existsSync(path.join(clientDir, "index.html"));
  const pages = hasBuild ? findPages(clientDir, opts.production) : new Map<string, Page>();
  const fallbackFile = path.join(clientDir, "__spa-fallback.html");
  const fallback = fs.existsSync(fallbackFile) ? loadPage(fallbackFile, opts.production) : undefined;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (p) => !p.endsWith(".html"),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  for (const [route, page] of pages) {
    app.get(route, (request, reply) => sendPage(request, reply, page));
    if (route !== "/") app.get(`${route}/`, (_request, reply) => reply.redirect(route, 301));
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsHtml =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      request.url !== "/api";
    if (wantsHtml && fallback) return sendPage(request, reply, fallback, 404);
    return reply.status(404).send({ error: "not_found", message: "There is nothing at this address." });
  });
});
