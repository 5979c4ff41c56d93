import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SPEED_SAMPLE_MAX_BYTES } from "../../app/data/system-check";
import { SPEED_BYTES_MESSAGE, speedDownloadEndpoint, speedUploadEndpoint } from "../../app/schemas/system-check";
import { perClient } from "../auth/limits";
import { fromContract } from "../contract";
import { HttpError } from "../errors";

const window = 60_000;

/**
 * The system check's connection test (public, /system-check): a download of incompressible random bytes and
 * an upload the server counts. Both are capped at SPEED_SAMPLE_MAX_BYTES and rate-limited per client address.
 */
export default async function systemCheckRoutes(app: FastifyInstance, opts: { rateMax: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // this plugin's scope only: the upload is raw bytes, not JSON
  app.addContentTypeParser(
    "application/octet-stream",
    { parseAs: "buffer", bodyLimit: SPEED_SAMPLE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  r.route({
    ...fromContract(speedDownloadEndpoint),
    onRequest: perClient("speed-download", { max: opts.rateMax, windowMs: window }),
    // random bytes do not compress: compressing them would only spend CPU and skew the measurement
    compress: false,
    async handler(request, reply) {
      const raw = request.query.bytes;
      const bytes = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
      if (!(bytes >= 1 && bytes <= SPEED_SAMPLE_MAX_BYTES))
        throw new HttpError(400, "validation_failed", SPEED_BYTES_MESSAGE, { bytes: SPEED_BYTES_MESSAGE });
      return (
        reply
          .header("content-type", "application/octet-stream")
          .header("cache-control", "no-store")
          // raw bytes: a Buffer is sent as it is, never serialised
          .send(randomBytes(bytes))
      );
    },
  });

  r.route({
    ...fromContract(speedUploadEndpoint),
    onRequest: perClient("speed-upload", { max: opts.rateMax, windowMs: window }),
    async handler(request, reply) {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new HttpError(400, "validation_failed", "Send the bytes to measure as application/octet-stream.");
      return reply
        .header("cache-control", "no-store")
        .status(200)
        .send({ receivedBytes: body.length, serverTime: new Date().toISOString() });
    },
  });
}
