import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../errors";

/** The Content-Security-Policy: only our own origin; inline scripts only by their SHA-256 hash. */
export function contentSecurityPolicy(scriptHashes: string[] = [], production = false): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(production ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The security headers of every answer, in one place: the hook below sets them on every request Fastify
 * routes, and the error writers in server/errors.ts set them on the answers written before any hook
 * runs (a URL that cannot be decoded, a request Node's HTTP parser refuses). A page replaces the CSP
 * with one that also allows its own inline scripts by hash (plugins/site.ts).
 */
/**
 * The pages allowed to ask for the camera, and their Permissions-Policy (the camera for this origin only):
 * the system check, check-in and the exam page (its frames for the proctor).
 */
const CAMERA_PAGES = /^\/(?:system-check|exam|exam\/check-in)\/?(?:[?#]|$)/;
const CAMERA_PERMISSIONS = "camera=(self), microphone=(), geolocation=(), payment=(self)";

export function securityHeaders(production: boolean): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy([], production),
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
    ...(production ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * The security headers for a request URL: the same object for every URL but the pages that use the camera
 * (the system check's preview, check-in's photos, the exam's frames); every other page may not (issue 28). Used by the hook below and by the
 * fast path for static bytes (plugins/static-fast-path.ts).
 */
export function securityHeadersFor(production: boolean): (url: string) => Record<string, string> {
  const headers = securityHeaders(production);
  const camera = { ...headers, "permissions-policy": CAMERA_PERMISSIONS };
  return (url) => (CAMERA_PAGES.test(url) ? camera : headers);
}

/**
 * Security headers on every response (errors and 404s included), and the cross-origin write guard:
 * a cookie-authenticated write (any method but GET, HEAD and OPTIONS, on any path) from another
 * origin is refused with 403.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { production: boolean; sessionCookie: string }) => {
  const headersFor = securityHeadersFor(opts.production);
  // a callback hook, not an async one: it runs on every request, and a promise per request costs time
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headersFor(request.url));
    // Every write is guarded, whatever its path: the router decodes "/%61pi/me" to "/api/me", so a
    // check on the raw URL could be walked around by spelling the path differently.
    if (SAFE_METHODS.has(request.method)) return done();
    const usesCookie =
      Boolean(request.headers.cookie?.includes(`${opts.sessionCookie}=`)) && !request.headers.authorization;
    if (!usesCookie) return done();
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    const host = request.headers.host;
    const sameOrigin = origin
      ? safeHost(origin) === host
      : site === undefined || site === "same-origin" || site === "none";
    if (!sameOrigin)
      return done(new HttpError(403, "cross_origin_refused", "This request came from another site and was refused."));
    done();
  });
});

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
