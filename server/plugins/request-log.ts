import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import type { EventEmitter } from "node:events";
import pino, { type ChildLoggerOptions } from "pino";
import { LogBuffer } from "./log-buffer";

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

/** What a request line needs; without a `reqId`, the writer makes a fresh one (the fast path's requests). */
export type RequestLineFields = Omit<RequestLine, "reqId"> & { reqId?: string };

/** Where logDestination's stream keeps its LogBuffer, for the request line's writer to find. */
const LOG_BUFFER = Symbol("log buffer");

/**
 * The request line's writer for the fast path for static bytes (plugins/static-fast-path.ts) and Fastify's
 * routes (RequestLog), where pino's work on each line (a child logger's method, a generic serializer walking
 * the object) was a quarter of the cost of an answer. The line is put together here, from the logger's own
 * bindings, and written to the logger's destination, in order with its other lines:
 * - when that destination is the server's own (logDestination, with epoch-millisecond times, pino's default),
 *   straight into its buffer, byte by byte (LogBuffer): no string, no object, nothing for the garbage
 *   collector;
 * - with any other destination, as one string handed to its `write`.
 * It is the very line pino writes: both forms are checked against pino's own serializer when the writer is
 * made, and when the logger has anything that could change a line (a mixin, hooks, a message prefix, a
 * destination that needs metadata, other level numbers) pino writes it as for every other request
 * (writeRequestLine).
 */
export type RequestLineWriter = ((line: RequestLineFields) => void) & {
  /** the writer of one method and path's lines, each with a fresh request id (the fast path's routes) */
  fixed(method: string, path: string): (status: number, ms: number) => void;
};

/** The line with its request id: a fresh one for a line without (the fast path's lines). */
const withId = (line: RequestLineFields): RequestLine => ({ ...line, reqId: line.reqId ?? randomUUID() });

/** A writer whose fixed() writes through the writer itself. */
function withFixed(write: (line: RequestLineFields) => void): RequestLineWriter {
  return Object.assign(write, {
    fixed: (method: string, path: string) => (status: number, ms: number) => write({ method, path, status, ms }),
  });
}

export function requestLineWriter(root: FastifyBaseLogger): RequestLineWriter {
  const plain = plainLogger(root) as unknown as PinoParts & { levels?: { values?: Record<string, number> } };
  // (msgPrefixSym is missing from pino's types)
  const { asJsonSym, chindingsSym, hooksSym, mixinSym, msgPrefixSym, needsMetadataGsym, streamSym, timeSym } =
    pino.symbols as unknown as Record<string, symbol>;
  const asJson = plain[asJsonSym] as ((...args: unknown[]) => string) | undefined;
  const time = plain[timeSym] as (() => string) | undefined;
  const bindings = plain[chindingsSym];
  const hooks = plain[hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const stream = plain[streamSym] as
    { write?: (s: string) => void; [needsMetadataGsym]?: boolean; [LOG_BUFFER]?: LogBuffer } | undefined;
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
  if (!same) return withFixed((line) => writeRequestLine(root, withId(line)));
  // whether the server's level shows the line: pino's `level` getter turns a number into a name on every read,
  // so the answer is kept, and asked again when the level changes (pino's "level-change" event)
  let shown = LINE_LEVELS.has(root.level);
  (root as unknown as Pick<EventEmitter, "on">).on("level-change", () => (shown = LINE_LEVELS.has(root.level)));
  const buffer = stream[LOG_BUFFER];
  if (buffer && time === pino.stdTimeFunctions.epochTime) {
    const write = bytesLine(bindings);
    // the same bytes as the string above, for a path JSON escapes and one it does not
    const scratch = (l: RequestLine) => {
      let out = "";
      const b = new LogBuffer((bytes) => (out += bytes.toString("utf8")));
      write(b, l);
      b.handOver();
      return out.replace(/^\{"level":30,"time":\d+/, '{"level":30,"time":0');
    };
    const plainSample: RequestLine = { ...sample, path: "/assets/a-1.js", status: 304, ms: 12 };
    if ([sample, plainSample].every((l) => scratch(l) === serialize(l, ',"time":0')))
      return Object.assign(
        (line: RequestLineFields) => {
          if (shown) write(buffer, line);
        },
        {
          fixed: (method: string, path: string) => {
            const fixed = write.fixed(method, path);
            return (status: number, ms: number) => {
              if (shown) fixed(buffer, status, ms);
            };
          },
        },
      );
  }
  return withFixed((line) => {
    if (shown) stream.write!(serialize(withId(line), time.call(plain)));
  });
}

/** The request line written into a log buffer, byte by byte (requestLineWriter). */
function bytesLine(bindings: string): BytesLine {
  const latin1 = (s: string) => Buffer.from(s, "latin1");
  const start = latin1('{"level":30,"time":');
  const reqId = Buffer.from(`${bindings},"reqId":`, "utf8");
  const method = latin1(',"method":');
  const path = latin1(',"path":');
  const status = latin1(',"status":');
  const ms = latin1(',"ms":');
  const end = latin1(',"msg":"request"}\n');
  const fixed = start.length + reqId.length + method.length + path.length + status.length + ms.length + end.length;
  const write = (buffer: LogBuffer, line: RequestLineFields) => {
    buffer.reserve(fixed + line.path.length + line.method.length + (line.reqId?.length ?? 0));
    buffer.bytes(start);
    buffer.time(Date.now());
    buffer.bytes(reqId);
    if (line.reqId === undefined) buffer.uuid();
    else buffer.json(line.reqId);
    buffer.bytes(method);
    buffer.json(line.method);
    buffer.bytes(path);
    buffer.json(line.path);
    buffer.bytes(status);
    buffer.int(line.status);
    buffer.bytes(ms);
    buffer.tenths(line.ms);
    buffer.bytes(end);
  };
  /**
   * The lines of one method and path with a fresh request id (the fast path's routes): the part from the
   * method to the status is made once, by the same code as above, so the line is the same.
   */
  const fixedLine = (methodName: string, pathName: string) => {
    let made = Buffer.alloc(0);
    const scratch = new LogBuffer((bytes) => (made = Buffer.from(bytes)));
    scratch.bytes(method);
    scratch.json(methodName);
    scratch.bytes(path);
    scratch.json(pathName);
    scratch.bytes(status);
    scratch.handOver();
    const middle = made;
    const size = start.length + reqId.length + middle.length + ms.length + end.length;
    return (buffer: LogBuffer, statusCode: number, duration: number) => {
      buffer.reserve(size);
      buffer.bytes(start);
      buffer.time(Date.now());
      buffer.bytes(reqId);
      buffer.uuid();
      buffer.bytes(middle);
      buffer.int(statusCode);
      buffer.bytes(ms);
      buffer.tenths(duration);
      buffer.bytes(end);
    };
  };
  return Object.assign(write, { fixed: fixedLine });
}

type BytesLine = ((buffer: LogBuffer, line: RequestLineFields) => void) & {
  fixed(method: string, path: string): (buffer: LogBuffer, status: number, ms: number) => void;
};

/** Each server logger's request line writer, made on its first line (RequestLog). */
const lineWriters = new WeakMap<FastifyBaseLogger, (line: RequestLineFields) => void>();

function lineWriterOf(root: FastifyBaseLogger) {
  let write = lineWriters.get(root);
  if (!write) {
    write = requestLineWriter(root);
    lineWriters.set(root, write);
  }
  return write;
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
    else if (LINE_LEVELS.has(reply.log.level)) lineWriterOf(request.server.log)({ reqId: request.id, ...line });
  }
}

/**
 * The server's log destination (decision 0029): every line goes into one reused LogBuffer of 64 KiB
 * (plugins/log-buffer.ts), which is written with one synchronous write (sonic-boom, which retries a pipe
 * that is full for a moment) when it is full and every `flushMs`, whatever it holds. A busy server makes one
 * write system call per few hundred lines and allocates nothing for them: the request line's writer
 * (requestLineWriter) finds the buffer on the stream and writes its lines straight into it, and pino's lines
 * arrive as strings and are encoded into it, so the order of lines is kept. Before, each line (or each turn's
 * lines) became a new string and a new Buffer, written asynchronously through libuv's thread pool: the
 * garbage, and the buffers held until their write ended, cost a loaded server more than its request line's
 * own code (docs/performance.md, "Log level"). A quiet server still shows each line within `flushMs`; pino's
 * flushes, `end` and the process's exit first write what the buffer holds. `stop()` ends the timer (when
 * the server closes).
 */
export function logDestination(dest: number | string, flushMs = 500) {
  const stream = pino.destination({
    dest,
    sync: true, // the buffer is reused once written; a write is 64 KiB at most, a few hundred lines
    minLength: 0, // the buffer gathers the lines
    maxWrite: 1024 * 1024,
    contentMode: "buffer",
  } as Parameters<typeof pino.destination>[0]);
  const write = stream.write.bind(stream) as unknown as (lines: Buffer) => boolean;
  const buffer = new LogBuffer((lines) => {
    if (!(stream as { destroyed?: boolean }).destroyed) write(lines); // a line after the end is dropped
  });
  Object.defineProperty(stream, LOG_BUFFER, { value: buffer });
  stream.write = (line: string) => (buffer.text(line), true);
  // pino writes a synchronous stream's lines at once and so does not flush it at exit: the buffer does, for
  // every exit (process.exit after SIGTERM, an uncaught error), until the stream ends
  const onExit = () => buffer.handOver();
  process.on("exit", onExit);
  const { flush, flushSync, end } = stream;
  stream.flush = (cb?: (err?: Error) => void) => (buffer.handOver(), flush.call(stream, cb));
  stream.flushSync = () => (buffer.handOver(), flushSync.call(stream));
  stream.end = () => (buffer.handOver(), process.off("exit", onExit), end.call(stream));
  const timer = setInterval(() => buffer.handOver(), flushMs).unref();
  return { stream, stop: () => clearInterval(timer) };
}
