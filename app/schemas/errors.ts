import { z } from "./zod";

/**
 * The one error body of the API (DESIGN.md contracts): a machine code, a sentence for people, and for
 * validation failures one message per field. `requestId` lets a person quote a failure to support.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
  requestId: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
