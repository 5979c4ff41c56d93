import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";
import pino, { type ChildLoggerOptions } from "pino";

/** The path of a request URL without its query string (which can hold tokens). */
export function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** The levels at which the request line is written (the request's own logger decides, as before). */
const LINE_LEVELS = new Set(["info", "debug", "trace"]);

/** One request's line: the method, the path (never the query string), the status and the duration in ms. */
export interface RequestLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * The request line goes through a child of the server's logger without the redaction paths: the line's
 * fields are ours and hold nothing to redact, and pino's redaction (its wildcard paths look into every
 * field) took about half the cost of the line. The request id, which Fastify binds to the request's own
 * logger, is written as a field: the line is the same.
 */
const plainLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/** Writes the request line at info (when the server's level shows it): Fastify's routes and the fast path. */
export function writeRequestLine(root: FastifyBaseLogger, line: RequestLine) {
  if (!LINE_LEVELS.has(root.level)) return;
  let plain = plainLoggers.get(root);
  if (!plain) {
    plain = root.child({}, { redact: { paths: [] } } as ChildLoggerOptions);
    plainLoggers.set(root, plain);
  }
  plain.info(line, "request");
}

/**
 * Fastify's request log lines, made cheap and useful: one line per answered request at info with the
 * method, the path (never the query string), the status and the duration in milliseconds, plus the
 * request id pino adds to every line of a request. Fastify's default writes two lines per request, each
 * with the whole request or reply serialized; the "incoming request" line stays, at debug, for tracing
 * requests that never finish. Errors keep Fastify's own lines (with the error).
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (request.log.level === "debug" || request.log.level === "trace")
      request.log.debug({ method: request.method, path: pathOf(request.url) }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      path: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else if (LINE_LEVELS.has(reply.log.level)) writeRequestLine(request.server.log, { reqId: request.id, ...line });
  }
}

/**
 * The server's log destination: asynchronous writes (flushed on exit by pino) gathered into writes of at
 * least 4 KiB, and flushed every `flushMs` whatever their size. A busy server makes one write system call
 * (one trip through libuv's thread pool) per few dozen lines instead of one per line, which took a third
 * of the CPU time of serving a prerendered page at `info` (docs/performance.md); a quiet server still shows
 * each line within `flushMs`. `stop()` ends the timer (when the server closes).
 */
export function logDestination(dest: number | string, flushMs = 500) {
  const stream = pino.destination({ dest, sync: false, minLength: 4096 });
  const timer = setInterval(() => stream.flush(), flushMs).unref();
  return { stream, stop: () => clearInterval(timer) };
}
