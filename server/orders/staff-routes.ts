import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { REFUND_PROCESSING } from "../../app/data/program-rules";
import { ordersEndpoint, refundOrderEndpoint } from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { HttpError } from "../errors";
import { actorOf } from "../plugins/session";
import { cancelRegistration } from "../registrations/registrations";
import { listRoute } from "../staff/route-builders";
import { listOrders, orderView, orderWithRegistration } from "./staff-orders";

/** The staff face of orders (issue 19.4): the orders list and refunds. */
export default async function staffOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  listRoute(app, ordersEndpoint, "orders", listOrders);

  r.route({
    ...fromContract(refundOrderEndpoint),
    async handler(request, reply) {
      const found = await orderWithRegistration(app.db, request.params.id);
      if (!found) throw new HttpError(404, "not_found", "There is no order with this id.");
      if (!found.reg)
        throw new HttpError(409, "not_refundable", "Only a paid order with its exam voucher can be refunded.");
      // the refund policy's rules (24 hours, unused voucher) and the gateway call live in the shared service
      const { refundReference } = await cancelRegistration(app.db, app.gateway, {
        registrationId: found.reg.id,
        actor: actorOf(request),
      });
      const after = (await orderWithRegistration(app.db, request.params.id))!;
      return reply.status(200).send({
        order: orderView(after),
        refundReference,
        message: `Refunded through the payment gateway (reference ${refundReference}); the voucher is cancelled. The card is credited in ${REFUND_PROCESSING}.`,
      });
    },
  });
}
