import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PaymentGateway } from "../payments/gateway";
import { testGateway } from "../payments/test-gateway";

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
    // the gateway's own endpoints (the test gateway's tokenization), outside /api and the order code
    if (opts.gateway.routes) await app.register(opts.gateway.routes);
  },
  { name: "payments" },
);

/** The gateway named by PAYMENT_GATEWAY (only "test" exists until a processor is connected). */
export function gatewayFor(name: "test"): PaymentGateway {
  switch (name) {
    case "test":
      return testGateway();
  }
}
