import type { Db } from "../db/client";
import { outbox } from "../db/schema";
import { checkTemplateData } from "./compose";
import type { TemplateData, TemplateName } from "./templates";

/** A message to send: who gets it, which template (server/mail/templates), and the data the template needs. */
export interface MailRequest<N extends TemplateName = TemplateName> {
  to: string;
  template: N;
  data: TemplateData<N>;
}

/**
 * Queues a message in the outbox. Pass the transaction of the event that causes the message
 * (`db.transaction(async (tx) => { …; await enqueueMail(tx, …) })`) so both are stored or neither is.
 * The data is checked against the template's schema here, so a mistake fails the event, not the mail later.
 * The mail worker (./worker.ts) sends it.
 */
export async function enqueueMail<N extends TemplateName>(db: Db, mail: MailRequest<N>): Promise<number> {
  const data = checkTemplateData(mail.template, mail.data);
  const [row] = await db
    .insert(outbox)
    .values({ recipient: mail.to, template: mail.template, data })
    .returning({ id: outbox.id });
  return row!.id;
}
