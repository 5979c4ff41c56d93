import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inquirySchema } from "../../app/schemas/inquiry";
import type { Database } from "../db/client";
import { inquiries } from "../db/schema";
import { makeReference } from "../lib";

export async function inquiryRoutes(app: FastifyInstance, opts: { database: Database; rateMax: number }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/inquiries",
    {
      schema: { body: inquirySchema },
      config: { rateLimit: { max: opts.rateMax, timeWindow: "10 minutes" } },
    },
    async (request, reply) => {
      const { website, kind, name, email, phone, organization, message } = request.body;
      const reference = makeReference("INQ");
      // A filled honeypot is a bot: answer as if stored, store nothing.
      if (website) return reply.status(201).send({ inquiry: { reference } });
      await opts.database.db.insert(inquiries).values({
        reference,
        kind,
        name,
        email,
        phone: phone || null,
        organization: organization || null,
        message,
      });
      return reply.status(201).send({ inquiry: { reference } });
    },
  );
}
