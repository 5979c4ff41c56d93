import { render } from "@react-email/render";
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

/** Renders a message from its template: subject, HTML part and plain-text part. */
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
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const attachments = t.attachments?.(data, ctx);
  return { to: mail.to, subject: t.subject(data), html, text, ...(attachments?.length ? { attachments } : {}) };
}

/** Every http(s) address in a text (the links of a message, for the log and the dev mailbox). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"\]]+/g) ?? [])];
}
