/**
 * The fast path for static bytes (issue 31.7): a GET or HEAD for a prerendered page or a hashed asset, by its
 * exact path (a query string aside), is answered before Fastify sees the request, with the same answer its
 * Fastify route gives (the same function makes both: plugins/site.ts), the same security headers
 * (plugins/security.ts) and the same request log line (plugins/request-log.ts). Anything else (another
 * method, a path spelled another way, a trailing slash, an unknown path) goes to Fastify as before.
 * Routing, hooks and a request and reply object per request cost about half of the server's time on these
 * answers; the bench (docs/performance.md) measures what is left against a bare node:http server.
 * The equivalence of both paths is tested in plugins/static-fast-path.test.ts, over real HTTP.
 */
import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { pathOf, writeRequestLine } from "./request-log";
import { securityHeadersFor } from "./security";

/** What a page or an asset answers a GET or HEAD: status, its own headers (security headers aside), body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** The answer of one page or asset, from the request's headers (accept-encoding, if-none-match). */
export type Answerer = (headers: IncomingHttpHeaders) => Answer;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export function installFastPath(app: FastifyInstance, table: Map<string, Answerer>, production: boolean) {
  if (table.size === 0) return;
  const server = app.server;
  const listeners = server.listeners("request") as Listener[];
  // Fastify's one request listener; anything else (another framework's hook) and the fast path stays off
  if (listeners.length !== 1) {
    app.log.warn({ listeners: listeners.length }, "static fast path not installed: unexpected request listeners");
    return;
  }
  const fastify = listeners[0]!;
  const headersFor = securityHeadersFor(production);
  server.removeListener("request", fastify);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method;
    const url = req.url ?? "";
    const answerer = method === "GET" || method === "HEAD" ? table.get(pathOf(url)) : undefined;
    if (!answerer) return fastify(req, res);
    const started = performance.now();
    const answer = answerer(req.headers);
    const headers: Record<string, string | number> = { ...headersFor(url), ...answer.headers };
    if (answer.body) headers["content-length"] = answer.body.length;
    if (app.draining) headers.connection = "close";
    res.writeHead(answer.status, headers);
    res.end(method === "HEAD" ? undefined : answer.body);
    writeRequestLine(app.log, {
      reqId: randomUUID(),
      method: method!,
      path: pathOf(url),
      status: answer.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
