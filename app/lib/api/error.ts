import type { ErrorBody } from "~/schemas/errors";

/** A failed call: the HTTP status (0 when the server could not be reached) and the API's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly retryAfter?: number,
  ) {
    super(body.message);
  }
}

/** What to tell the user of a failed call: the API's own message, or `fallback` (the server never answered in words). */
export const apiMessage = (e: unknown, fallback: string): string => (e instanceof ApiError ? e.body.message : fallback);
