import { and, eq, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { certificationById, priceToCents } from "../../app/data/exams";
import type { Order } from "../../app/schemas/order";
import type { OrderSummary } from "../../app/schemas/order-record";
import type { SessionUser } from "../auth/sessions";
import { issueRegistrationForOrder } from "../registrations/registrations";
import type { Db } from "../db/client";
import { examRegistrations, orders, users } from "../db/schema";
import { HttpError } from "../errors";
import { formatCents, makeReference } from "../lib";
import { enqueueMail } from "../mail/outbox";
import type { PaymentGateway } from "../payments/gateway";

export const ORDER_MESSAGES = {
  notStarted: "We could not start your order, so nothing was charged. Please try again in a few minutes.",
  notRecorded:
    "We could not record your order, so the payment was cancelled: nothing was taken from your card. Please try again in a few minutes.",
  notReversed:
    "We could not record your order and could not yet cancel the payment. Please contact us and quote this reference; we will refund it in full:",
  inProgress:
    "This purchase is already being processed. Please wait a moment before trying again: you will not be charged twice.",
  otherPurchase: "This purchase attempt was already used for a different order. Please reload the page and try again.",
  unreachable:
    "The payment processor did not answer. Please try again: the same purchase is retried, so you will not be charged twice.",
  failedBefore: "This payment was not accepted and nothing was taken. Please check your card details and try again.",
} as const;

/** A pending order left this long (its request died mid-way) may be taken over by a retry of the same attempt. */
const STALE_PENDING = sql`interval '2 minutes'`;

type OrderRow = typeof orders.$inferSelect;

/** The 503 for a failure before anything was charged. */
export const orderNotStarted = () =>
  new HttpError(503, "order_not_started", ORDER_MESSAGES.notStarted, undefined, { "retry-after": "30" });

/** The buyer's contact details from the order form, as the order (and, if they ask, their profile) keeps them. */
const billingAddress = (b: Order) => ({
  phone: b.Phone,
  address: b.Address,
  addressLine1: b.AddressLine1 || null,
  city: b.City,
  state: b.State,
  zip: b.Zip,
});

export interface PlaceOrderDeps {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

/**
 * Buys one exam, safe against retries, doubled submits and a database that fails mid-way:
 * 1. the order is stored as pending under the attempt's idempotency key (a second request with the
 *    same key finds it: it gets the paid order again, or "in progress", and never charges);
 * 2. the gateway charges the token with the same key (a retry never charges twice);
 * 3. the order is marked paid, with its exam registration, in one transaction. If that fails after
 *    the charge, the charge is refunded through the gateway and the buyer is told nothing was taken.
 *
 * Things that must happen with a paid order (its registration, a receipt in the outbox) go in
 * `recordPaid` below, in the same transaction.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  input: {
    /** the signed-in buyer, whose address is confirmed (server/orders/routes.ts checks both) */
    user: SessionUser;
    /** the account's confirmed address: the receipt goes there */
    receiptTo: string;
    order: Order;
  },
): Promise<OrderSummary> {
  const { db, gateway, log } = deps;
  const b = input.order;
  const userId = input.user.id;
  // the schema admits only available exams
  const exam = certificationById(b.courseCertId)!;
  const amountCents = priceToCents(exam.nonMemberPrice);

  // 1. pending first
  let order: OrderRow | undefined;
  try {
    [order] = await db
      .insert(orders)
      .values({
        reference: makeReference("ORD"),
        userId,
        certId: exam.id,
        examTitle: exam.title,
        priceCents: amountCents,
        currency: "USD",
        status: "pending",
        idempotencyKey: b.idempotencyKey,
        firstName: b.FirstName,
        lastName: b.LastName,
        email: b.Email,
        ...billingAddress(b),
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning();
    order ??= await existingAttempt(db, b.idempotencyKey, userId, exam.id);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    log.error({ err: { message: (e as Error).message } }, "order not started: database error");
    throw orderNotStarted();
  }
  if (order.status === "paid") return summaryOf(order, await voucherOf(db, order));

  // 2. charge, with the attempt's key
  let charge;
  try {
    charge = await gateway.charge({ token: b.paymentToken, amountCents, idempotencyKey: b.idempotencyKey });
  } catch (e) {
    // the outcome is unknown: leave the order pending and let a retry with the same key take it over
    log.error({ err: { message: (e as Error).message }, reference: order.reference }, "payment gateway unreachable");
    await markRetryable(db, order.id).catch(() => {});
    throw new HttpError(502, "gateway_unreachable", ORDER_MESSAGES.unreachable);
  }
  if (!charge.ok) {
    log.info({ code: charge.code, certId: exam.id, reference: order.reference }, "card charge refused");
    await db
      .update(orders)
      .set({ status: "failed", failureCode: charge.code, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .catch(() => {});
    throw new HttpError(402, charge.code, charge.message, { cardNumber: charge.message });
  }

  // 3. paid, with what goes with it; or the charge is given back
  try {
    const { paid, voucherCode } = await recordPaid(db, order, charge, input.user, input.receiptTo, {
      save: b.saveDetails === true,
      ...billingAddress(b),
    });
    log.info({ reference: paid.reference, certId: exam.id }, "exam order paid");
    return summaryOf(paid, voucherCode);
  } catch (e) {
    log.error({ err: { message: (e as Error).message }, reference: order.reference }, "paid order not recorded");
    const refund = await gateway
      .refund({ chargeReference: charge.reference, amountCents, idempotencyKey: `${b.idempotencyKey}:void` })
      .catch((err: Error) => ({ ok: false as const, code: "gateway_error", message: err.message }));
    if (!refund.ok) {
      log.error(
        { reference: order.reference, charge: charge.reference, code: refund.code },
        "charge neither recorded nor reversed: refund it by hand",
      );
      throw new HttpError(500, "charge_not_reversed", `${ORDER_MESSAGES.notReversed} ${order.reference}.`);
    }
    log.warn({ reference: order.reference, refund: refund.reference }, "charge reversed: order not recorded");
    await db
      .update(orders)
      .set({ status: "voided", gatewayRef: charge.reference, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .catch(() => {});
    throw new HttpError(503, "order_not_recorded", ORDER_MESSAGES.notRecorded, undefined, { "retry-after": "30" });
  }
}

/**
 * The order stored earlier under this key: paid (answered again), pending and stale or left for a
 * retry (taken over by this request), pending and fresh (another request is at it: 409), or used by
 * a different purchase (409).
 */
async function existingAttempt(db: Db, key: string, userId: number, certId: number): Promise<OrderRow> {
  const [found] = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  if (!found || found.userId !== userId || found.certId !== certId)
    throw new HttpError(409, "attempt_reused", ORDER_MESSAGES.otherPurchase);
  if (found.status === "paid") return found;
  if (found.status === "failed" || found.status === "voided")
    throw new HttpError(409, "attempt_ended", ORDER_MESSAGES.failedBefore);
  const [taken] = await db
    .update(orders)
    .set({ status: "pending", updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, found.id),
        or(
          eq(orders.status, "retry"),
          and(eq(orders.status, "pending"), sql`${orders.updatedAt} < now() - ${STALE_PENDING}`),
        ),
      ),
    )
    .returning();
  if (!taken) throw new HttpError(409, "order_in_progress", ORDER_MESSAGES.inProgress);
  return taken;
}

/**
 * Whether this attempt key already names an order of this buyer: a retry of a purchase whose answer was
 * lost. placeOrder answers it (the paid order again, or "in progress"); the purchase rules, which the first
 * request passed, must not refuse it because of the voucher that first request bought.
 */
export async function isOwnAttempt(db: Db, key: string, userId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.idempotencyKey, key), eq(orders.userId, userId)))
    .limit(1);
  return found !== undefined;
}

async function markRetryable(db: Db, id: number) {
  await db.update(orders).set({ status: "retry", updatedAt: new Date() }).where(eq(orders.id, id));
}

/** Marks the order paid and stores what goes with a paid order, in one transaction. */
async function recordPaid(
  db: Db,
  order: OrderRow,
  charge: { reference: string; brand: string; last4: string },
  user: SessionUser,
  receiptTo: string,
  details: ReturnType<typeof billingAddress> & { save: boolean },
): Promise<{ paid: OrderRow; voucherCode: string }> {
  return db.transaction(async (tx) => {
    // the buyer agreed (the form's box) to keep these on the profile: the next purchase starts with them,
    // and staff see them on the candidate's page (issue 25.17)
    if (details.save) {
      const { save: _save, ...profile } = details;
      await tx
        .update(users)
        .set({ ...profile, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    }
    const [paid] = await tx
      .update(orders)
      .set({
        status: "paid",
        cardBrand: charge.brand,
        cardLast4: charge.last4,
        gatewayRef: charge.reference,
        failureCode: null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    // one exam registration (voucher) per paid order line, stored with the order
    const registration = await issueRegistrationForOrder(
      tx,
      { id: paid!.id, userId: paid!.userId, certId: paid!.certId, purchasedAt: paid!.createdAt },
      { id: user.id, role: user.role },
    );
    // the receipt goes out with the paid order, or not at all (17.6)
    await enqueueMail(tx, {
      to: receiptTo,
      template: "order-receipt",
      data: {
        firstName: paid!.firstName,
        reference: paid!.reference,
        examTitle: paid!.examTitle,
        amount: formatCents(paid!.priceCents),
        cardBrand: charge.brand,
        cardLast4: charge.last4,
        purchasedAt: paid!.createdAt.toISOString(),
      },
    });
    return { paid: paid!, voucherCode: registration.voucherCode };
  });
}

async function voucherOf(db: Db, order: OrderRow): Promise<string | undefined> {
  const [reg] = await db
    .select({ voucherCode: examRegistrations.voucherCode })
    .from(examRegistrations)
    .where(and(eq(examRegistrations.orderId, order.id), eq(examRegistrations.line, 1)))
    .limit(1);
  return reg?.voucherCode;
}

function summaryOf(order: OrderRow, voucherCode: string | undefined): OrderSummary {
  return {
    reference: order.reference,
    examTitle: order.examTitle,
    amount: formatCents(order.priceCents),
    cardBrand: order.cardBrand ?? "",
    cardLast4: order.cardLast4 ?? "",
    ...(voucherCode ? { voucherCode } : {}),
  };
}
