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
