/**
 * The fast path for static bytes (issue 31.7): a GET or HEAD for a prerendered page or a hashed asset, by its
 * exact path (a query string aside), is answered in node:http's request listener, before Fastify sees the
 * request. Anything else (another method, a path spelled another way, a trailing slash, an unknown path, the
 * staff console, the other public files) goes to Fastify as before.
 *
 * Why it is safe: the answer is the one its Fastify route gives, made by the same function (plugins/site.ts:
 * the same negotiation of Accept-Encoding, the same ETag and 304 for If-None-Match, HEAD without a body),
 * with the same security headers (plugins/security.ts, the system check's camera permission included) in the
 * same order, and the same request line (plugins/request-log.ts). plugins/static-fast-path.test.ts compares
 * both over real HTTP: status, headers in order, bytes. During a shutdown it closes connections, as
 * Fastify's answers do.
 *
 * Why it is fast: routing, hooks and a request and reply object per request were half of the server's time
 * on these answers. Here a request allocates little: each page and asset has one answer object per
 * representation, made once (site.ts), and the full header set of each answer is built on its first use and
 * kept; the request line is written straight into the log's buffer, without a string, its part from the method to
 * the status made once per path and method (requestLineWriter's `fixed`). What is
 * left is Node's HTTP parser and writer; the bench (docs/performance.md) compares it with a bare node:http
 * server sending the same bytes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
// the module's own, not the global: `globalThis.performance` is a getter, called on every read
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import { pathOf, requestLineWriter } from "./request-log";
import { securityHeadersFor } from "./security";

/** What a page or an asset answers a GET or HEAD: status, its own headers (security headers aside), body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** The answer of one page or asset, from the request's accept-encoding and if-none-match headers. */
export type Answerer = (acceptEncoding: string | undefined, ifNoneMatch: string | undefined) => Answer;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A request header's value, as `req.headers` gives it (repeated lines joined with ", ", as Node joins these
 * two), read from the raw header lines: `req.headers` is an object Node builds on its first use, one property
 * at a time, and building it cost more than the rest of a fast answer's JavaScript.
 */
export function headerOf(raw: string[], name: "accept-encoding" | "if-none-match"): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const n = raw[i]!;
    if (n.length === name.length && n.toLowerCase() === name)
      value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

/** One path the fast path answers: its answerer, its security headers, and the head of each answer it gave. */
interface Route {
  answer: Answerer;
  security: Record<string, string>;
  /** an answer's whole header set (security headers, its own, content-length), built on its first use */
  heads: WeakMap<Answer, Record<string, string | number>>;
  /** the request line's writers of a GET and a HEAD of this path (their fixed parts made once) */
  line: { GET: (status: number, ms: number) => void; HEAD: (status: number, ms: number) => void };
}

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
  const routes = new Map<string, Route>();
  // the writer makes the request id (a random UUID, as Fastify's routes have)
  const lines = requestLineWriter(app.log);
  // the security headers depend on the path only (the system check's camera), never on the query string
  for (const [path, answer] of table)
    routes.set(path, {
      answer,
      security: headersFor(path),
      heads: new WeakMap(),
      line: { GET: lines.fixed("GET", path), HEAD: lines.fixed("HEAD", path) },
    });
  server.removeListener("request", fastify);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method;
    const path = pathOf(req.url!);
    const route = method === "GET" || method === "HEAD" ? routes.get(path) : undefined;
    if (!route) return fastify(req, res);
    const started = performance.now();
    // answers are made once per representation (plugins/site.ts), so their heads are too
    const raw = req.rawHeaders;
    const answer = route.answer(headerOf(raw, "accept-encoding"), headerOf(raw, "if-none-match"));
    let head = route.heads.get(answer);
    if (!head) {
      head = { ...route.security, ...answer.headers };
      if (answer.body) head["content-length"] = answer.body.length;
      route.heads.set(answer, head);
    }
    res.writeHead(answer.status, app.draining ? { ...head, connection: "close" } : head);
    const isHead = method === "HEAD";
    res.end(isHead ? undefined : answer.body);
    (isHead ? route.line.HEAD : route.line.GET)(answer.status, Math.round((performance.now() - started) * 10) / 10);
  });
}
