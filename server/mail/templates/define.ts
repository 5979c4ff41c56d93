import type { ReactElement } from "react";
import type { z } from "zod";

/** What every template gets besides its data: the site's public address for links. */
export interface MailContext {
  /** PUBLIC_URL without a trailing slash */
  publicUrl: string;
  /** an absolute link to a path on the site ("/reset-password?token=…" → "https://…/reset-password?token=…") */
  link(path: string): string;
}

/**
 * One kind of message: the schema of the data it needs (checked when the message is queued), its
 * subject and its body as React Email components. The HTML and the plain-text parts are both
 * rendered from the body (server/mail/compose.ts).
 */
export interface MailTemplate<S extends z.ZodType = z.ZodType> {
  schema: S;
  subject(data: z.output<S>): string;
  body(data: z.output<S>, ctx: MailContext): ReactElement;
  /**
   * Data fields holding a secret (a one-time token). They are blanked in the outbox once the
   * message has been handed to the SMTP server, so the database keeps only the tokens' hashes.
   */
  secrets?: readonly string[];
  /** Files sent with the message (e.g. a booking's `.ics` calendar file), made from the same data. */
  attachments?(data: z.output<S>, ctx: MailContext): MailAttachment[];
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export function defineTemplate<S extends z.ZodType>(t: MailTemplate<S>): MailTemplate<S> {
  return t;
}
