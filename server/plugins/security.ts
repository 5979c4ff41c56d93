import helmet from "@fastify/helmet";
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
 * Security headers on every response (errors and 404s included), and the cross-origin write guard:
 * a cookie-authenticated write (any method but GET, HEAD and OPTIONS, on any path) from another
 * origin is refused with 403.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { production: boolean; sessionCookie: string }) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: opts.production ? { maxAge: 63072000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });
  const csp = contentSecurityPolicy([], opts.production);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("content-security-policy", csp);
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    // Every write is guarded, whatever its path: the router decodes "/%61pi/me" to "/api/me", so a
    // check on the raw URL could be walked around by spelling the path differently.
    if (SAFE_METHODS.has(request.method)) return;
    const usesCookie =
      Boolean(request.headers.cookie?.includes(`${opts.sessionCookie}=`)) && !request.headers.authorization;
    if (!usesCookie) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    const host = request.headers.host;
    const sameOrigin = origin
      ? safeHost(origin) === host
      : site === undefined || site === "same-origin" || site === "none";
    if (!sameOrigin)
      throw new HttpError(403, "cross_origin_refused", "This request came from another site and was refused.");
  });
});

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
