import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "../app/schemas/errors";

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

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
]);
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
    if (UNAVAILABLE_CODES.has(String(err.code ?? "")) || UNAVAILABLE_MESSAGE.test(String(err.message ?? "")))
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

/** One error handler: every failure becomes the JSON error shape; internals never leave the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromValidation(error);
      return reply
        .status(400)
        .send({ error: "validation_failed", message: "Some fields need your attention.", fields } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: "too_many_requests", message: "Too many attempts. Please wait a moment and try again." });
    }
    if (status === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send({ error: "payload_too_large", message: "The request is too large." });
    }
    if (status === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send({
        error: "unsupported_media_type",
        message: "Send the request as JSON (Content-Type: application/json).",
      });
    }
    if (
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      (status === 400 && /JSON|prototype|constructor/i.test(error.message))
    ) {
      return reply.status(400).send({ error: "invalid_json", message: "The request body is not valid JSON." });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: "bad_request", message: "The request could not be processed." });
    }
    const unavailable = databaseUnavailableCause(error);
    if (unavailable) {
      // the driver's own message only: the wrapping query error carries the SQL and its parameters
      request.log.error({ err: unavailable }, "database unavailable");
      return reply.status(503).header("retry-after", "5").send({
        error: "service_unavailable",
        message: "The service is temporarily unavailable. Please try again shortly.",
      });
    }
    request.log.error({ err: loggableError(error) }, "unhandled error");
    return reply
      .status(500)
      .send({ error: "internal_error", message: "Something went wrong on our side. Please try again in a moment." });
  });
}
