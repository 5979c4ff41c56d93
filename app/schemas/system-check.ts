import { SPEED_SAMPLE_MAX_BYTES } from "../data/system-check";
import { endpoint } from "./endpoint";
import { z } from "./zod";

/**
 * The system check's connection test (/system-check): the page times a download of random bytes from this
 * server and an upload of random bytes to it. Server: server/system-check/routes.ts.
 */

export const SPEED_BYTES_MESSAGE = `Give bytes as a whole number from 1 to ${SPEED_SAMPLE_MAX_BYTES}.`;

/** GET: `bytes` random bytes (application/octet-stream, never cached, never compressed). */
export const speedDownloadEndpoint = endpoint("GET", "/system-check/download", {
  querystring: z.object({ bytes: z.string() }),
  // the answer is raw bytes, not JSON (as the certificate PDF's): the schema says only that there is one
  response: { 200: z.unknown() },
});

/** POST application/octet-stream, up to SPEED_SAMPLE_MAX_BYTES: the server answers what it received and when. */
export const speedUploadEndpoint = endpoint("POST", "/system-check/upload", {
  response: { 200: z.object({ receivedBytes: z.number(), serverTime: z.string() }) },
});
export type SpeedUploadAnswer = z.output<(typeof speedUploadEndpoint.response)[200]>;
