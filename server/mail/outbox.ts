import type { Db } from "../db/client";
import { outbox } from "../db/schema";

/** A message to send: who gets it, which template, and the data the template needs. */
export interface MailRequest {
  to: string;
  template: string;
  data: Record<string, unknown>;
}

/**
 * Queues a message in the outbox. Pass the transaction of the event that causes the message
 * (`db.transaction(async (tx) => { …; await enqueueMail(tx, …) })`) so both are stored or neither is.
 */
export async function enqueueMail(db: Db, mail: MailRequest): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ recipient: mail.to, template: mail.template, data: mail.data })
    .returning({ id: outbox.id });
  return row!.id;
}
