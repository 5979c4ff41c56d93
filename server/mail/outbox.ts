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

/** The templates that greet their reader by first name (`firstName` in their data). */
type GreetingTemplate = {
  [N in TemplateName]: TemplateData<N> extends { firstName: string } ? N : never;
}[TemplateName];

/**
 * A message to an account holder: to their address, greeting them by their first name; `data` is the rest
 * of what the template needs.
 */
export function mailTo<N extends GreetingTemplate>(
  holder: { email: string; firstName: string },
  template: N,
  data: Omit<TemplateData<N>, "firstName">,
): MailRequest<N> {
  return { to: holder.email, template, data: { ...data, firstName: holder.firstName } as TemplateData<N> };
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

/** Queues a message to an account holder (`mailTo`): `enqueueMail(tx, mailTo(holder, template, data))`. */
export function enqueueMailTo<N extends GreetingTemplate>(
  db: Db,
  holder: { email: string; firstName: string },
  template: N,
  data: Omit<TemplateData<N>, "firstName">,
): Promise<number> {
  return enqueueMail(db, mailTo(holder, template, data));
}
