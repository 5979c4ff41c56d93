import { issueToken, type TokenPurpose } from "../auth/tokens";
import type { Db } from "../db/client";
import { enqueueMail, type MailRequest } from "../mail/outbox";
import type { TemplateName } from "../mail/templates";

/**
 * Issues a one-use link (a token for `purpose`, bound to `email` when given) and queues the mail that
 * carries it, in the caller's transaction: the link and its mail are stored together or not at all.
 */
export async function queueLinkMail<N extends TemplateName>(
  tx: Db,
  link: { userId: number; purpose: TokenPurpose; email?: string },
  mail: (token: string) => MailRequest<N>,
): Promise<void> {
  const token = await issueToken(tx, link.userId, link.purpose, link.email);
  await enqueueMail(tx, mail(token));
}
