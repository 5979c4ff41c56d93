import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { meEndpoint } from "../../app/schemas/auth";
import { myOrdersEndpoint } from "../../app/schemas/order-record";
import { updateProfileEndpoint } from "../../app/schemas/profile";
import { toUser } from "../auth/users";
import { fromContract } from "../contract";
import { ownRowsNewestFirst } from "./own-rows";
import { orders, users } from "../db/schema";
import { formatCents } from "../lib";
import { requireUser, userOf } from "../plugins/session";

/** The signed-in candidate's profile and orders. Every query is scoped to the session's own account. */
export default async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireUser);

  r.route({
    ...fromContract(meEndpoint),
    async handler(request, reply) {
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(users.id, userOf(request).id))
        .limit(1);
      if (!user) return reply.status(401).send({ error: "unauthorized", message: "Please log in to continue." });
      return reply.status(200).send({ user: toUser(user) });
    },
  });

  r.route({
    ...fromContract(updateProfileEndpoint),
    async handler(request, reply) {
      const p = request.body;
      const [user] = await app.db
        .update(users)
        .set({
          firstName: p.FirstName,
          lastName: p.LastName,
          phone: p.Phone,
          address: p.Address,
          addressLine1: p.AddressLine1 || null,
          city: p.City,
          state: p.State,
          zip: p.Zip,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userOf(request).id))
        .returning();
      return reply.status(200).send({ user: toUser(user!) });
    },
  });

  r.route({
    ...fromContract(myOrdersEndpoint),
    async handler(request, reply) {
      // orders that took money (paid, or paid and refunded): not attempts that failed or were given back
      const took = inArray(orders.status, ["paid", "refunded"]);
      const rows = await ownRowsNewestFirst(app.db, orders, userOf(request).id, orders.createdAt, took);
      return reply.status(200).send({
        orders: rows.map((o) => ({
          ...o,
          cardBrand: o.cardBrand ?? "",
          cardLast4: o.cardLast4 ?? "",
          amount: formatCents(o.priceCents),
          createdAt: o.createdAt.toISOString(),
        })),
      });
    },
  });
}
