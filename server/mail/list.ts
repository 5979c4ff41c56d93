import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";
import { composeMail, linksIn } from "./compose";

/** One message of the outbox as people read it: the development mailbox and `npm run mail:list` show these. */
export interface ListedMail {
  id: number;
  to: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  subject: string;
  links: string[];
  text: string;
  /** why the message cannot be composed (an unknown template, data that does not fit), if it cannot */
  composeError?: string;
}

/** The latest messages of the outbox (newest first), composed with the site's public URL; optionally for one recipient. */
export async function listMail(
  db: Db,
  publicUrl: string,
  opts: { to?: string; limit?: number } = {},
): Promise<ListedMail[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(opts.to ? eq(outbox.recipient, opts.to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(opts.limit ?? 50);
  return Promise.all(
    rows.map(async (row) => {
      const base = {
        id: row.id,
        to: row.recipient,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
      };
      try {
        const mail = await composeMail({ to: row.recipient, template: row.template, data: row.data }, publicUrl);
        return { ...base, subject: mail.subject, links: linksIn(mail.text), text: mail.text };
      } catch (e) {
        return { ...base, subject: row.template, links: [], text: "", composeError: (e as Error).message };
      }
    }),
  );
}

/** The list as `npm run mail:list` prints it: one block per message with its links. */
export function formatMail(messages: ListedMail[]): string {
  if (messages.length === 0) return "The outbox is empty.";
  return messages
    .map((m) =>
      [
        `#${m.id}  ${m.createdAt}  ${m.status}${m.attempts ? ` (attempts ${m.attempts})` : ""}`,
        `  to:      ${m.to}`,
        `  subject: ${m.subject}`,
        ...m.links.map((l) => `  link:    ${l}`),
        ...(m.lastError ? [`  error:   ${m.lastError}`] : []),
        ...(m.composeError ? [`  cannot be composed: ${m.composeError}`] : []),
      ].join("\n"),
    )
    .join("\n\n");
}
