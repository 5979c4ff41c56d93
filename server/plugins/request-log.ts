import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/** The path of a request URL without its query string (which can hold tokens). */
export function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
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
    else reply.log.info(line, "request");
  }
}
