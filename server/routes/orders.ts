import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { certificationById, priceToCents } from "../../app/data/exams";
import { createOrderEndpoint, paymentModeEndpoint } from "../../app/schemas/order";
import { fromContract } from "../contract";
import { orders } from "../db/schema";
import { HttpError } from "../errors";
import { makeReference } from "../lib";

/** POST /api/orders: buys one exam. Card number and CVV are used for the charge only, then dropped. */
export default async function orderRoutes(app: FastifyInstance, opts: { rateMax: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(paymentModeEndpoint),
    handler: async (_request, reply) => reply.status(200).send({ mode: app.gateway.mode }),
  });

  r.route({
    ...fromContract(createOrderEndpoint),
    config: { rateLimit: { max: opts.rateMax, timeWindow: "10 minutes" } },
    async handler(request, reply) {
      const b = request.body;
      // the schema admits only available exams
      const exam = certificationById(b.courseCertId)!;
      const amountCents = priceToCents(exam.nonMemberPrice);
      const result = await app.gateway.charge({
        amountCents,
        card: {
          number: b.cardNumber,
          cvv: b.cvv2,
          expiryMonth: b.expiryMonth,
          expiryYear: b.expiryYear,
          postal: b.postal,
        },
      });
      if (!result.ok) {
        request.log.info({ code: result.code, certId: exam.id }, "card charge refused");
        throw new HttpError(402, result.code, result.message, { cardNumber: result.message });
      }
      const reference = makeReference("ORD");
      await app.db.insert(orders).values({
        reference,
        userId: request.user?.id ?? null,
        certId: exam.id,
        examTitle: exam.title,
        priceCents: amountCents,
        currency: "USD",
        status: "paid",
        firstName: b.FirstName,
        lastName: b.LastName,
        email: b.Email,
        phone: b.Phone,
        address: b.Address,
        addressLine1: b.AddressLine1 || null,
        city: b.City,
        state: b.State,
        zip: b.Zip,
        cardBrand: result.brand,
        cardLast4: result.last4,
        gatewayRef: result.reference,
      });
      request.log.info({ reference, certId: exam.id }, "exam order paid");
      return reply.status(201).send({
        order: {
          reference,
          examTitle: exam.title,
          amount: exam.nonMemberPrice,
          cardBrand: result.brand,
          cardLast4: result.last4,
        },
      });
    },
  });
}
