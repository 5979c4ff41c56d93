import { z } from "./zod";

/**
 * The text rules every stored text field shares: trimmed, required (with its own message) or optional,
 * a length limit with its own message, and no control characters or lone surrogates (a NUL byte or a
 * broken UTF-16 pair cannot be stored as text in PostgreSQL). One definition, used by every schema
 * that takes text.
 */

/** C0 and C1 control characters and DEL: refused in single-line fields. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, but tab, line feed and carriage return are allowed: for messages that may hold lines. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Half of a surrogate pair on its own (with the u flag a whole pair is one code point and does not match). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const TEXT_MESSAGES = {
  control: "Please remove the invisible control characters (such as tabs or line breaks) from this field.",
  controlMultiline: "Please remove the invisible control characters from this text.",
  surrogate: "This text contains a broken character. Please retype it.",
} as const;

/** The character checks of a text field: control characters (tab and newlines kept when `multiline`) and lone surrogates. */
export function plainCharacters(multiline = false) {
  const control = multiline ? CONTROL_EXCEPT_LINES : CONTROL;
  return [
    z.refine<string>((s) => !control.test(s), multiline ? TEXT_MESSAGES.controlMultiline : TEXT_MESSAGES.control),
    z.refine<string>((s) => !LONE_SURROGATE.test(s), TEXT_MESSAGES.surrogate),
  ] as const;
}

/** `multiline`: line breaks (and tabs) are kept, for texts shown as paragraphs (a reply, a decision, a reason). */
export function requiredText(
  required: string,
  max: number,
  tooLong = `Please use at most ${max} characters.`,
  { multiline = false } = {},
) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), ...plainCharacters(multiline));
}

/** Optional text: absent, empty or up to `max` characters after trimming. */
export function optionalText(
  max: number,
  tooLong = `Please use at most ${max} characters.`,
  { multiline = false } = {},
) {
  return z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong), ...plainCharacters(multiline)));
}

/** A message of several lines: like requiredText, with a minimum length, and tab and line breaks allowed. */
export function multilineText(required: string, min: number, tooShort: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, tooLong), ...plainCharacters(true));
}
