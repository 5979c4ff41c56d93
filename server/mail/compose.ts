import { toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import type { MailAttachment, MailContext } from "./templates/define";
import { isTemplateName, templates } from "./templates";

/** A message ready for a transport. */
export interface ComposedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

/** A message that cannot be composed (unknown template, data that does not fit): retrying will not help. */
export class TemplateError extends Error {}

export function mailContext(publicUrl: string): MailContext {
  const base = publicUrl.replace(/\/+$/, "");
  return { publicUrl: base, link: (p) => `${base}${p.startsWith("/") ? p : `/${p}`}` };
}

/** Checks a template's data against its schema; returns the parsed data (defaults applied). */
export function checkTemplateData(template: string, data: unknown): Record<string, unknown> {
  if (!isTemplateName(template)) throw new TemplateError(`unknown mail template "${template}"`);
  const parsed = templates[template].schema.safeParse(data);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".") || "data"}: ${i.message}`).join("; ");
    throw new TemplateError(`data for mail template "${template}" does not fit: ${fields}`);
  }
  return parsed.data as Record<string, unknown>;
}

/** The document type React Email gives a message (its `render`), which mail clients expect. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Renders a message from its template: subject, HTML part and plain-text part.
 *
 * The body is rendered with React's synchronous `renderToStaticMarkup`, not with React Email's `render`:
 * that one streams (`renderToReadableStream`), and React's streaming renderer runs each render inside an
 * AsyncLocalStorage, which on Node.js 20 and 22 turns on async hooks for the rest of the process. From the
 * first message on, every promise, socket, timer and request of the server then paid for a hook (promises
 * cost about twice as much: docs/performance.md, "Async hooks turned on by the first e-mail"). The two give the same
 * message, less React's hydration comments (`<!--$-->`, `<!-- -->`), which mail has no use for; the plain
 * text is React Email's own conversion of the same markup. compose.test.ts holds both to that. (React Email's
 * `render` also drops the `<link rel="preload" as="image">` React adds for images. No template has an image; the
 * test's comparison with `render` would fail on the first that has one.)
 */
export async function composeMail(
  mail: { to: string; template: string; data: unknown },
  publicUrl: string,
): Promise<ComposedMail> {
  const data = checkTemplateData(mail.template, mail.data);
  const t = templates[mail.template as keyof typeof templates] as unknown as {
    subject(d: unknown): string;
    body(d: unknown, ctx: MailContext): React.ReactElement;
    attachments?(d: unknown, ctx: MailContext): MailAttachment[];
  };
  const ctx = mailContext(publicUrl);
  const element = t.body(data, ctx);
  const markup = renderToStaticMarkup(element);
  const html = `${XHTML_DOCTYPE}${markup.replace(/^<!DOCTYPE[^>]*>/i, "")}`;
  const text = toPlainText(markup);
  const attachments = t.attachments?.(data, ctx);
  return { to: mail.to, subject: t.subject(data), html, text, ...(attachments?.length ? { attachments } : {}) };
}

/** Every http(s) address in a text (the links of a message, for the log and the dev mailbox). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"\]]+/g) ?? [])];
}
