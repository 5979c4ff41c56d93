import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profileSchema } from "../../app/schemas/profile";
import type { Database } from "../db/client";
import { orders, users } from "../db/schema";
import { HttpError } from "../errors";
import "../types";

type UserRow = typeof users.$inferSelect;

/** What the API shows of a user: never the password hash. */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone ?? "",
    address: u.address ?? "",
    addressLine1: u.addressLine1 ?? "",
    city: u.city ?? "",
    state: u.state ?? "",
    zip: u.zip ?? "",
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw new HttpError(401, "unauthorized", "Please log in to continue.");
  return request.userId;
}

/** The signed-in candidate's profile and orders. Every query is scoped to the session's own user id. */
export async function accountRoutes(app: FastifyInstance, opts: { database: Database }) {
  const { db } = opts.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/me", async (request) => {
    const id = requireUser(request);
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new HttpError(401, "unauthorized", "Please log in to continue.");
    return { user: publicUser(user) };
  });

  r.put("/me", { schema: { body: profileSchema } }, async (request) => {
    const id = requireUser(request);
    const p = request.body;
    const [user] = await db
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
      .where(eq(users.id, id))
      .returning();
    return { user: publicUser(user!) };
  });

  r.get("/me/orders", async (request) => {
    const id = requireUser(request);
    const rows = await db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt));
    return {
      orders: rows.map((o) => ({
        reference: o.reference,
        examTitle: o.examTitle,
        amount: `$${(o.priceCents / 100).toFixed(2)}`,
        status: o.status,
        cardBrand: o.cardBrand,
        cardLast4: o.cardLast4,
        createdAt: o.createdAt.toISOString(),
      })),
    };
  });
}
