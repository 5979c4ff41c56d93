import { z } from "./zod";

/**
 * The text rules every stored text field shares: trimmed, required (with its own message) or optional,
 * and a length limit with its own message. One definition, used by every schema that takes text.
 */
export function requiredText(required: string, max: number, tooLong = `Please use at most ${max} characters.`) {
  return z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));
}

/** Optional text: absent, empty or up to `max` characters after trimming. */
export function optionalText(max: number, tooLong = `Please use at most ${max} characters.`) {
  return z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong)));
}
