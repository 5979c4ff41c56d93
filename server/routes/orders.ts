import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { certificationById, priceToCents } from "../../app/data/exams";
import { createOrderEndpoint, paymentModeEndpoint } from "../../app/schemas/order";
import { perClient } from "../auth/limits";
import { fromContract } from "../contract";
import { issueRegistrationForOrder, purchaseEligibilityFor } from "../credentials/registrations";
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
    onRequest: perClient("order", { max: opts.rateMax, windowMs: 10 * 60_000 }),
    async handler(request, reply) {
      const b = request.body;
      // the schema admits only available exams
      const exam = certificationById(b.courseCertId)!;
      // the retake rules and an open accommodation request are checked before any charge
      if (request.user) {
        const eligibility = await purchaseEligibilityFor(app.db, request.user.id, exam.id);
        if (!eligibility.allowed)
          throw new HttpError(409, eligibility.code, eligibility.message, {
            courseCertId: eligibility.message,
          });
      }
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
      const registration = await app.db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
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
          })
          .returning({ id: orders.id, createdAt: orders.createdAt });
        // one exam registration (voucher) per paid order line, stored with the order
        return issueRegistrationForOrder(
          tx,
          { id: order!.id, userId: request.user?.id ?? null, certId: exam.id, purchasedAt: order!.createdAt },
          { id: request.user?.id ?? null, role: request.user?.role ?? "guest" },
        );
      });
      request.log.info({ reference, certId: exam.id }, "exam order paid");
      return reply.status(201).send({
        order: {
          reference,
          examTitle: exam.title,
          amount: exam.nonMemberPrice,
          cardBrand: result.brand,
          cardLast4: result.last4,
          voucherCode: registration.voucherCode,
        },
      });
    },
  });
}
