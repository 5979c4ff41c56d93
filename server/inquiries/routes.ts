import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createInquiryEndpoint } from "../../app/schemas/inquiry";
import { perClient } from "../auth/limits";
import { fromContract } from "../contract";
import { inquiries } from "../db/schema";
import { makeReference } from "../lib";
import { mayAcknowledge } from "../mail/acknowledgements";
import { enqueueMail } from "../mail/outbox";

/** POST /api/inquiries: the contact, partner and career forms. */
export default async function inquiryRoutes(app: FastifyInstance, opts: { rateMax: number }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(createInquiryEndpoint),
    onRequest: perClient("inquiry", { max: opts.rateMax, windowMs: 10 * 60_000 }),
    async handler(request, reply) {
      const { website, kind, name, email, phone, organization, message } = request.body;
      const reference = makeReference("INQ");
      // A filled honeypot is a bot: answer as if stored, store nothing.
      if (website) return reply.status(201).send({ inquiry: { reference } });
      // the message, the sender's acknowledgement and the staff notification are stored together (17.6)
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(inquiries)
          .values({
            reference,
            kind,
            name,
            email,
            phone: phone || null,
            organization: organization || null,
            message,
          })
          .returning({ id: inquiries.id });
        // the sender's address is not proven: at most a few acknowledgements a day go to one address
        if (await mayAcknowledge(tx, { recipient: email }))
          await enqueueMail(tx, { to: email, template: "inquiry-ack", data: { name, reference, kind } });
        await enqueueMail(tx, {
          to: app.mail.staffEmail,
          template: "inquiry-staff",
          data: { inquiryId: row!.id, reference, kind, name, email, organization: organization || undefined },
        });
      });
      app.mail.worker.kick();
      return reply.status(201).send({ inquiry: { reference } });
    },
  });
}
