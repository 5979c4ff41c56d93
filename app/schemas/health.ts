import { endpoint } from "./endpoint";
import { z } from "./zod";

/** Liveness: 200 while the database answers, 503 (error body) otherwise. */
export const healthEndpoint = endpoint({
  method: "GET",
  path: "/health",
  response: { 200: z.object({ status: z.literal("ok") }) },
});
