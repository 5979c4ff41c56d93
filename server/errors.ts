import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { org } from "../app/data/org";
import type { ErrorBody } from "../app/schemas/errors";
import { pathOf } from "./plugins/request-log";

/** An error with a status and a message safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A unique index refused the row (PostgreSQL's 23505), possibly wrapped by drizzle. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
}

/** Socket errors: the database's host cannot be reached or the connection broke. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "3D000", // the database does not exist (dropped, or a wrong name in DATABASE_URL)
]);
/**
 * SQLSTATE classes that mean the server cannot serve this application now, whatever the query: 08
 * connection exception, 28 invalid authorisation (a changed password), 53 insufficient resources (too many
 * connections, disk full), 57P operator intervention (shutdown, restart), 58 system error (I/O).
 */
const UNAVAILABLE_SQLSTATE = /^(08|28|53|57P|58)[0-9A-Z]{2,3}$/;
const UNAVAILABLE_MESSAGE =
  /PGlite is closed|Cannot use a pool after calling end|Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout/i;

/**
 * The database driver's error that says "not reachable now", not "bad query", or undefined. Drizzle
 * wraps driver errors in a DrizzleQueryError (message: the SQL and its parameters) with the
 * driver's error as `cause`, so the whole cause chain is searched.
 */
export function databaseUnavailableCause(e: unknown): { code?: string; message?: string } | undefined {
  let err = e as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; err && typeof err === "object" && depth < 5; depth++) {
    const code = String(err.code ?? "");
    if (
      UNAVAILABLE_CODES.has(code) ||
      UNAVAILABLE_SQLSTATE.test(code) ||
      UNAVAILABLE_MESSAGE.test(String(err.message ?? ""))
    )
      return { code: err.code === undefined ? undefined : String(err.code), message: String(err.message ?? "") };
    err = err.cause as typeof err;
  }
  return undefined;
}

/**
 * What the log keeps of an unexpected error. A query error from drizzle carries the SQL's parameters
 * (e-mail addresses, password and token hashes) in its message and stack; the log gets the SQL text,
 * the driver's code and message, and the stack frames, never the parameters.
 */
export function loggableError(e: unknown): Record<string, unknown> {
  const err = e as {
    name?: string;
    message?: string;
    stack?: string;
    code?: unknown;
    query?: unknown;
    params?: unknown;
    cause?: unknown;
  };
  if (!err || typeof err !== "object") return { message: String(e) };
  if (!("params" in err) || typeof err.query !== "string")
    return { type: err.name, message: err.message, code: err.code, stack: err.stack };
  const cause = (err.cause ?? {}) as { message?: string; code?: unknown };
  const frames = (err.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l));
  return {
    type: err.name,
    message: "Failed query",
    query: err.query,
    code: cause.code,
    cause: cause.message,
    stack: frames.join("\n"),
  };
}

/** Errors from the database driver that mean "not reachable now", not "bad query". */
export function isDatabaseUnavailable(e: unknown): boolean {
  return databaseUnavailableCause(e) !== undefined;
}

/**
 * PostgreSQL refuses a NUL byte or a broken character in text (22021 character_not_in_repertoire, 22P05
 * untranslatable_character): the client sent it, so it is a 400, wherever a check before the query missed it.
 */
function isUnstorableCharacter(e: unknown): boolean {
  let err = e as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; err && typeof err === "object" && depth < 5; depth++) {
    if (err.code === "22021" || err.code === "22P05") return true;
    err = err.cause as typeof err;
  }
  return false;
}

export const BAD_CHARACTER_BODY: ErrorBody = {
  error: "bad_request",
  message: "The request contains a character that is not allowed (such as a NUL byte).",
};

/** A NUL byte anywhere in the address, raw or percent-encoded (%00): refused before any route reads it. */
export function addressHasNul(url: string): boolean {
  return url.includes("\0") || /%00/i.test(url);
}

/** Maps zod issues (from the type provider) to one message per field. */
function fieldsFromValidation(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const v of error.validation ?? []) {
    const p =
      (v.instancePath || "").replace(/^\//, "").split("/").pop() ||
      (v.params as { issue?: { keys?: string[] } })?.issue?.keys?.[0] ||
      "body";
    const issue = (v.params as { issue?: { code?: string; keys?: string[] } })?.issue;
    if (issue?.code === "unrecognized_keys") {
      for (const k of issue.keys ?? []) fields[k] ??= "This field is not accepted.";
      continue;
    }
    fields[p] ??= v.message ?? "Invalid value.";
  }
  return fields;
}

const PAGE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Whether an error is answered with the HTML error page (a page request: GET or HEAD outside /api) or
 * with the JSON error body (everything else: the API, and any write, which the site makes with fetch).
 * The path is decoded first, as the router decodes it ("/%61pi/x" is under /api).
 */
export function wantsPage(method: string | undefined, url: string | undefined): boolean {
  if (!method || !PAGE_METHODS.has(method) || !url) return false;
  let path = pathOf(url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // an address that cannot be decoded is still a page request
  }
  path = path.toLowerCase();
  return !(path === "/api" || path.startsWith("/api/"));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The HTML error page: the status, the same sentence the JSON body has, the request id to quote when
 * there is one, and the way home. Self-contained (no script, no remote or build file), so it can be
 * written even where the build is missing or before Fastify has seen the request.
 */
export function errorPage(status: number, body: ErrorBody): string {
  const title = `${STATUS_CODES[status] ?? "Error"} · ${org.shortName}`;
  const reference = body.requestId
    ? `<p>If you contact us about this, quote the reference <code>${escapeHtml(body.requestId)}</code>.</p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;color:#0f1f3d;margin:0;padding:4rem 1.5rem;text-align:center;line-height:1.5}main{max-width:36rem;margin:0 auto}h1{font-size:2rem}a{color:#1d4ed8}</style>
</head><body><main><h1>${escapeHtml(STATUS_CODES[status] ?? "Error")}</h1><p>${escapeHtml(body.message)}</p>${reference}
<p><a href="/">Go to the ${escapeHtml(org.shortName)} home page</a></p></main></body></html>
`;
}

/** Answers an error in our shape: the HTML page for a page request, the JSON body otherwise; never cached. */
export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) {
  reply.status(status).header("cache-control", "no-store");
  if (wantsPage(request.method, request.url))
    return reply.type("text/html; charset=utf-8").send(errorPage(status, body));
  return reply.send(body);
}

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again in a moment.";

/** The 404 for a path no route matched (the site plugin answers page requests with the site's own page). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, 404, { error: "not_found", message: "There is nothing at this address." });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (or a route constraint that failed) is
 * answered before any hook runs, so the security headers are set here.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    const status = error.statusCode ?? 400;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, "unhandled error");
      return sendError(request, reply, 500, {
        error: "internal_error",
        message: INTERNAL_MESSAGE,
        requestId: request.id,
      });
    }
    return sendError(request, reply, status, { error: "bad_url", message: "This address is not valid." });
  };
}

const CLIENT_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: { error: "request_timeout", message: "The request took too long to arrive." },
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { error: "headers_too_large", message: "The request's headers are too large." },
  },
};
const CLIENT_ERROR: { status: number; body: ErrorBody } = {
  status: 400,
  body: { error: "bad_request", message: "The request could not be processed." },
};

/**
 * Fastify's `clientErrorHandler` (Node's `clientError` event): a request Node's HTTP parser refuses
 * (bytes that are not HTTP, headers over the size limit, a request that stalls) never reaches Fastify,
 * so the whole answer is written to the socket here, with the security headers and our error shape.
 * The request line, when the parser got that far, says whether it was a page request.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) => {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const { status, body } = CLIENT_ERRORS[err.code ?? ""] ?? CLIENT_ERROR;
    const received = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString("latin1", 0, 8192) : "";
    const requestLine = /^([A-Z]+) (\S+) HTTP\//.exec(received);
    const page = wantsPage(requestLine?.[1], requestLine?.[2]);
    const payload = page ? errorPage(status, body) : JSON.stringify(body);
    const head: Record<string, string | number> = {
      ...headers,
      "content-type": page ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(payload),
      "cache-control": "no-store",
      date: new Date().toUTCString(),
      connection: "close",
    };
    const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}`);
    if (socket.writable)
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\n\r\n${payload}`);
    socket.destroy(err);
  };
}

/** One error handler: every failure becomes our error shape (JSON or the HTML page); internals never leave the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(request, reply, error.statusCode, {
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromValidation(error);
      return sendError(request, reply, 400, {
        error: "validation_failed",
        message: "Some fields need your attention.",
        fields,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(request, reply, 429, {
        error: "too_many_requests",
        message: "Too many attempts. Please wait a moment and try again.",
      });
    }
    if (status === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return sendError(request, reply, 413, { error: "payload_too_large", message: "The request is too large." });
    }
    if (status === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return sendError(request, reply, 415, {
        error: "unsupported_media_type",
        message: "Send the request as JSON (Content-Type: application/json).",
      });
    }
    if (status >= 400 && status < 500) {
      return sendError(request, reply, status, CLIENT_ERROR.body);
    }
    if (isUnstorableCharacter(error)) return sendError(request, reply, 400, BAD_CHARACTER_BODY);
    const unavailable = databaseUnavailableCause(error);
    if (unavailable) {
      // the driver's own message only: the wrapping query error carries the SQL and its parameters
      request.log.error({ err: unavailable }, "database unavailable");
      reply.header("retry-after", "5");
      return sendError(request, reply, 503, {
        error: "service_unavailable",
        message: "The service is temporarily unavailable. Please try again shortly.",
      });
    }
    // the request id is on this log line (pino's reqId) and in the answer, for the person to quote
    request.log.error({ err: loggableError(error) }, "unhandled error");
    return sendError(request, reply, 500, {
      error: "internal_error",
      message: INTERNAL_MESSAGE,
      requestId: request.id,
    });
  });
}
