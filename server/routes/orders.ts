import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { certificationById, priceToCents } from "../../app/data/exams";
import { orderSchema } from "../../app/schemas/order";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { HttpError } from "../errors";
import { makeReference } from "../lib";
import type { PaymentGateway } from "../payments/gateway";
import "../types";

/** POST /api/orders: buys one exam. Card number and CVV are used for the charge only, then dropped. */
export async function orderRoutes(
  app: FastifyInstance,
  opts: { database: Database; gateway: PaymentGateway; rateMax: number },
) {
  app.get("/payments/mode", async () => ({ mode: opts.gateway.mode }));

  app.withTypeProvider<ZodTypeProvider>().post(
    "/orders",
    {
      schema: { body: orderSchema },
      config: { rateLimit: { max: opts.rateMax, timeWindow: "10 minutes" } },
    },
    async (request, reply) => {
      const b = request.body;
      const exam = certificationById(b.courseCertId);
      if (!exam || !exam.available) {
        throw new HttpError(400, "validation_failed", "Some fields need your attention.", {
          courseCertId: "Choose one of the listed exams.",
        });
      }
      const amountCents = priceToCents(exam.nonMemberPrice);
      const result = await opts.gateway.charge({
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
      await opts.database.db.insert(orders).values({
        reference,
        userId: request.userId ?? null,
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
  );
}
