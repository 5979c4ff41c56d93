import { endpoint } from "./endpoint";
import { z } from "./zod";

/** Liveness: 200 while the database answers, 503 (error body) otherwise. */
export const healthEndpoint = endpoint("GET", "/health", {
  response: { 200: z.object({ status: z.literal("ok") }) },
});

/**
 * Readiness, for a load balancer: 200 while this process can take traffic (its database answers), 503 (error
 * body) otherwise. The process listens only once its migrations have run, and stops listening at SIGTERM.
 */
export const readyEndpoint = endpoint("GET", "/ready", {
  response: { 200: z.object({ status: z.literal("ready") }) },
});
