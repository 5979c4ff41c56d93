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

function plainLogger(root: FastifyBaseLogger): FastifyBaseLogger {
  let plain = plainLoggers.get(root);
  if (!plain) {
    plain = root.child({}, { redact: { paths: [] } } as ChildLoggerOptions);
    plainLoggers.set(root, plain);
  }
  return plain;
}

/** Writes the request line at info (when the server's level shows it): Fastify's routes and the fast path. */
export function writeRequestLine(root: FastifyBaseLogger, line: RequestLine) {
  if (!LINE_LEVELS.has(root.level)) return;
  plainLogger(root).info(line, "request");
}

/** The parts of a pino logger the request line is made from (pino.symbols: pino's own keys, exported). */
interface PinoParts {
  [key: symbol]: unknown;
}

/**
 * The request line's writer for the fast path for static bytes (plugins/static-fast-path.ts), where pino's
 * work on each line (a child logger's method, a generic serializer walking the object) was a quarter of the
 * cost of an answer: the line is put together here, from the logger's own time function and bindings, and
 * written to the logger's destination, in order with its other lines. It is the very line pino writes: checked
 * against pino's own serializer when the writer is made, and when the logger has anything that could change
 * a line (a mixin, hooks, a message prefix, a destination that needs metadata, other level numbers) pino writes
 * it as for every other request (writeRequestLine).
 */
export function requestLineWriter(root: FastifyBaseLogger): (line: RequestLine) => void {
  const plain = plainLogger(root) as unknown as PinoParts & { levels?: { values?: Record<string, number> } };
  // (msgPrefixSym is missing from pino's types)
  const { asJsonSym, chindingsSym, hooksSym, mixinSym, msgPrefixSym, needsMetadataGsym, streamSym, timeSym } =
    pino.symbols as unknown as Record<string, symbol>;
  const asJson = plain[asJsonSym] as ((...args: unknown[]) => string) | undefined;
  const time = plain[timeSym] as (() => string) | undefined;
  const bindings = plain[chindingsSym];
  const hooks = plain[hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const stream = plain[streamSym] as { write?: (s: string) => void; [needsMetadataGsym]?: boolean } | undefined;
  const serialize = (l: RequestLine, t: string) =>
    `{"level":30${t}${bindings as string},"reqId":${JSON.stringify(l.reqId)},"method":${JSON.stringify(l.method)},` +
    `"path":${JSON.stringify(l.path)},"status":${l.status},"ms":${l.ms},"msg":"request"}\n`;
  const sample: RequestLine = { reqId: "3f1c", method: "GET", path: '/a"b\\c', status: 200, ms: 0.5 };
  const same =
    typeof asJson === "function" &&
    typeof time === "function" &&
    typeof bindings === "string" &&
    typeof stream?.write === "function" &&
    !stream[needsMetadataGsym] &&
    !plain[mixinSym] &&
    !plain[msgPrefixSym!] &&
    !hooks?.logMethod &&
    !hooks?.streamWrite &&
    plain.levels?.values?.info === 30 &&
    asJson.call(plain, sample, "request", 30, ',"time":0') === serialize(sample, ',"time":0');
  if (!same) return (line) => writeRequestLine(root, line);
  return (line) => {
    if (LINE_LEVELS.has(root.level)) stream.write!(serialize(line, time.call(plain)));
  };
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
 * least 64 KiB, and flushed every `flushMs` whatever their size. A busy server makes one write system call
 * (one trip through libuv's thread pool) per few hundred lines instead of one per line: at 4 KiB a write, the
 * writes still cost about 5 µs of CPU a line, a quarter of a prerendered page's answer; at 64 KiB about 1 µs
 * (docs/performance.md, "Log level"). A quiet server still shows each line within `flushMs`. `stop()` ends the
 * timer (when the server closes).
 *
 * The lines written in one turn of the event loop (a busy server answers dozens of requests in one) reach
 * sonic-boom as one Buffer, encoded once: given strings, it measures the byte length of its pending string on
 * every write, which grows with the write size. The order of lines is kept, and the flushes pino makes (on
 * exit too) and `end` first hand over what is held.
 */
export function logDestination(dest: number | string, flushMs = 500) {
  const stream = pino.destination({
    dest,
    sync: false,
    minLength: 64 * 1024,
    maxWrite: 1024 * 1024,
    contentMode: "buffer",
  } as Parameters<typeof pino.destination>[0]);
  const write = stream.write.bind(stream) as unknown as (lines: Buffer) => boolean;
  let held = "";
  const handOver = () => {
    if (held === "") return;
    const lines = held;
    held = "";
    if (!(stream as { destroyed?: boolean }).destroyed) write(Buffer.from(lines)); // a line after the end is dropped
  };
  stream.write = (line: string) => {
    if (held === "") setImmediate(handOver);
    held += line;
    return true;
  };
  const { flush, flushSync, end } = stream;
  stream.flush = (cb?: (err?: Error) => void) => (handOver(), flush.call(stream, cb));
  stream.flushSync = () => (handOver(), flushSync.call(stream));
  stream.end = () => (handOver(), end.call(stream));
  const timer = setInterval(() => stream.flush(), flushMs).unref();
  return { stream, stop: () => clearInterval(timer) };
}
