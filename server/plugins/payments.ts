import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PaymentGateway } from "../payments/gateway";

declare module "fastify" {
  interface FastifyInstance {
    /** the card processor (PAYMENT_GATEWAY; tests may pass their own) */
    gateway: PaymentGateway;
  }
}

/** The payment gateway, shared with the routes that charge and refund. */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, opts: { gateway: PaymentGateway }) => {
    app.decorate("gateway", opts.gateway);
  },
  { name: "payments" },
);
