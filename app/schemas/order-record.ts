import { rowsEndpoint } from "./endpoint";
import { z } from "./zod";

/*
 * An order as the buyer and the account pages see it. A module of its own: the account pages list orders but
 * place none, and placing one (./order.ts) checks the exam against the exams' list (app/data/exams.ts), which
 * these pages would otherwise load for nothing.
 */

/** What the buyer sees once an order is placed, and the account page of each order. */
export const orderSummarySchema = z.object({
  reference: z.string(),
  examTitle: z.string(),
  amount: z.string(),
  cardBrand: z.string(),
  cardLast4: z.string(),
  /** the exam voucher issued with the paid order (server/credentials) */
  voucherCode: z.optional(z.string()),
});
export type OrderSummary = z.output<typeof orderSummarySchema>;

export const orderRecordSchema = z.extend(orderSummarySchema, { status: z.string(), createdAt: z.string() });
export type OrderRecord = z.output<typeof orderRecordSchema>;

export const myOrdersEndpoint = rowsEndpoint("/me/orders", "orders", orderRecordSchema);
