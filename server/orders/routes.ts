import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { certificationById } from "../../app/data/exams";
import { EMAIL_MESSAGES } from "../../app/schemas/email";
import { createOrderEndpoint, PAYMENT_MESSAGES, paymentModeEndpoint } from "../../app/schemas/order";
import { perClient } from "../auth/limits";
import { fromContract } from "../contract";
import { users } from "../db/schema";
import { purchaseEligibilityFor } from "../registrations/registrations";
import { HttpError, isDatabaseUnavailable } from "../errors";
import { isOwnAttempt, orderNotStarted, placeOrder } from "./place-order";

/**
 * POST /api/orders: buys one exam with a payment token from the gateway (the card itself never comes
 * here). The steps that make it safe to retry live in server/orders/place-order.ts.
 */
export default async function orderRoutes(app: FastifyInstance, opts: { rateMax: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...fromContract(paymentModeEndpoint),
    handler: async (_request, reply) =>
      reply.status(200).send({ mode: app.gateway.mode, tokensUrl: app.gateway.tokensUrl }),
  });

  r.route({
    ...fromContract(createOrderEndpoint),
    onRequest: perClient("order", { max: opts.rateMax, windowMs: 10 * 60_000 }),
    // before placeOrder charges, a database failure means nothing was charged: say so
    errorHandler(error) {
      if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) throw orderNotStarted();
      throw error;
    },
    async handler(request, reply) {
      const certId = request.body.courseCertId;
      // exams are bought from an account with a confirmed address (17.5, decision 0012); the retake
      // rules and an open accommodation request are checked too, all before any charge
      if (!request.user) throw new HttpError(401, "sign_in_required", PAYMENT_MESSAGES.signIn);
      const [buyer] = await app.db
        .select({ confirmedAt: users.emailVerifiedAt, email: users.email })
        .from(users)
        .where(eq(users.id, request.user.id));
      if (!buyer?.confirmedAt) throw new HttpError(403, "email_unconfirmed", EMAIL_MESSAGES.mustConfirm);
      // The purchase rules first, then, only when they refuse, whether this is a retry of the buyer's own
      // attempt (placeOrder answers it: the paid order again, or "in progress"). In this order a voucher that
      // a parallel request with the same key just bought is never taken for another purchase's: its pending
      // order, keyed by the attempt, was stored before the voucher, so the look-up after finds it.
      const eligibility = await purchaseEligibilityFor(app.db, request.user.id, certificationById(certId)!.id);
      if (!eligibility.allowed && !(await isOwnAttempt(app.db, request.body.idempotencyKey, request.user.id)))
        throw new HttpError(409, eligibility.code, eligibility.message, { courseCertId: eligibility.message });
      const order = await placeOrder(
        { db: app.db, gateway: app.gateway, log: request.log },
        { user: request.user, receiptTo: buyer.email, order: request.body },
      );
      app.mail.worker.kick(); // the receipt
      return reply.status(201).send({ order });
    },
  });
}
