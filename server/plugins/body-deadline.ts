/**
 * Slow bodies, fairly judged. Node's own `requestTimeout` ends any request whose body has not fully arrived
 * within one fixed time, which also ends an honest upload on a slow line: three 5 MB documents take two minutes
 * at 1 Mbps, the least the online exam asks for. Here the time a request may take grows with what has arrived:
 * a request with a body gets 408 once it has been arriving for longer than
 *
 *     REQUEST_TIMEOUT_MS + (bytes received so far) / BODY_MIN_BYTES_PER_S seconds,
 *
 * so a client that keeps sending at least BODY_MIN_BYTES_PER_S (16 KiB/s, an eighth of 1 Mbps) is never cut off,
 * while one that stalls, or trickles, is answered 408 within REQUEST_TIMEOUT_MS plus the allowance its received
 * bytes earned. Node's `requestTimeout` stays as the hard cap (UPLOAD_TIMEOUT_MS) behind this one.
 * Requests without a body are not watched: their headers are HEADERS_TIMEOUT_MS's, and they are complete at once.
 */
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

type Watched = { request: FastifyRequest; reply: FastifyReply; socket: Socket; started: number; bytesAtStart: number };
export type BodyDeadlineOptions = {
  requestTimeoutMs: number;
  minBytesPerSecond: number;
  /** answers the socket with 408 and closes it (the server's clientErrorHandler) */
  onTimeout: (err: Error & { code: string }, socket: Socket) => void;
  /** how often the watched requests are looked at (1 s) */
  checkEveryMs?: number;
};

/** The time a body that has delivered `received` bytes may have taken so far. */
export const bodyAllowanceMs = (received: number, requestTimeoutMs: number, minBytesPerSecond: number) =>
  requestTimeoutMs + (received / minBytesPerSecond) * 1000;

export function registerBodyDeadline(app: FastifyInstance, opts: BodyDeadlineOptions) {
  const watched = new Set<Watched>();
  const every = opts.checkEveryMs ?? 1000;
  const timer = setInterval(() => {
    const now = Date.now();
    for (const w of watched) {
      if (w.request.raw.complete || w.socket.destroyed) {
        watched.delete(w);
        continue;
      }
      const received = w.socket.bytesRead - w.bytesAtStart;
      if (now - w.started > bodyAllowanceMs(received, opts.requestTimeoutMs, opts.minBytesPerSecond)) {
        watched.delete(w);
        if (w.request.raw.socket === w.socket && !w.request.raw.complete) {
          w.request.log.info({ received, ms: now - w.started }, "request body too slow: 408");
          const err = Object.assign(new Error("request body too slow"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });
          if (w.reply.raw.headersSent) w.socket.destroy(err);
          else opts.onTimeout(err, w.socket);
        }
      }
    }
  }, every);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));

  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    const hasBody = Number(raw.headers["content-length"] ?? 0) > 0 || raw.headers["transfer-encoding"] !== undefined;
    if (hasBody && !raw.complete) {
      const w: Watched = {
        request,
        reply,
        socket: raw.socket,
        started: Date.now(),
        bytesAtStart: raw.socket.bytesRead,
      };
      watched.add(w);
      raw.once("close", () => watched.delete(w));
    }
    done();
  });
}
