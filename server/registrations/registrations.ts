import { and, desc, eq } from "drizzle-orm";
import { certificationById } from "../../app/data/exams";
import { CANCELLATION_HOURS, REFUND_PROCESSING } from "../../app/data/program-rules";
import { releaseBookingOf } from "../booking/bookings";
import type { Db } from "../db/client";
import { examAttempts, examRegistrations, orders, requests, users } from "../db/schema";
import { HttpError } from "../errors";
import { formatCents } from "../lib";
import { enqueueMail } from "../mail/outbox";
import type { PaymentGateway } from "../payments/gateway";
import { audit, type Actor } from "../audit/audit";
import { certificationFacts } from "../certifications/certifications";
import { newVoucherCode } from "../credentials/codes";
import { accommodationRequests } from "../requests/requests";
import {
  cancellableUntil,
  canCancel,
  certificationState,
  purchaseEligibility,
  type AttemptFacts,
  type Eligibility,
} from "../credentials/state";
import { certificationsTable } from "../db/schema";

export type Registration = typeof examRegistrations.$inferSelect;

/**
 * Issues the exam registration (voucher) of a paid order line. Call it in the transaction that stores
 * the paid order, so an order is never paid without its voucher. One registration per order line.
 */
export async function issueRegistrationForOrder(
  tx: Db,
  order: { id: number; userId: number | null; certId: number; purchasedAt?: Date },
  actor: Actor,
): Promise<Registration> {
  const extraMinutes = order.userId ? await grantedExtraMinutes(tx, order.userId, order.certId) : 0;
  const [reg] = await tx
    .insert(examRegistrations)
    .values({
      orderId: order.id,
      line: 1,
      userId: order.userId,
      certId: order.certId,
      voucherCode: newVoucherCode(),
      source: "order",
      state: "paid",
      extraMinutes,
      purchasedAt: order.purchasedAt ?? new Date(),
    })
    .returning();
  await audit(tx, actor, {
    action: "registration.issue",
    entity: "exam_registration",
    entityId: reg!.id,
    toState: "paid",
    after: { orderId: order.id, certId: order.certId, source: "order" },
  });
  return reg!;
}

/**
 * The extra exam minutes of the candidate's latest granted accommodation request for the exam (staff
 * decision), which a new voucher for the exam carries; 0 when none.
 */
export async function grantedExtraMinutes(tx: Db, userId: number, certId: number): Promise<number> {
  const [granted] = await tx
    .select({ extraMinutes: requests.extraMinutes })
    .from(requests)
    .where(and(accommodationRequests(userId, certId), eq(requests.state, "granted")))
    .orderBy(desc(requests.decidedAt), desc(requests.id))
    .limit(1);
  return granted?.extraMinutes ?? 0;
}

/** A granted accommodation's extra minutes, put on the candidate's unused vouchers for the exam. */
export async function carryExtraMinutes(tx: Db, input: { userId: number; certId: number; extraMinutes: number }) {
  await tx
    .update(examRegistrations)
    .set({ extraMinutes: input.extraMinutes })
    .where(
      and(
        eq(examRegistrations.userId, input.userId),
        eq(examRegistrations.certId, input.certId),
        eq(examRegistrations.state, "paid"),
      ),
    );
}

/** A free retake after an indeterminate score (policies §4): a new voucher without an order. */
export async function issueFreeRetake(tx: Db, from: Registration, actor: Actor): Promise<Registration> {
  const [reg] = await tx
    .insert(examRegistrations)
    .values({
      orderId: null,
      userId: from.userId,
      certId: from.certId,
      voucherCode: newVoucherCode(),
      source: "free_retake",
      state: "paid",
      extraMinutes: from.extraMinutes,
    })
    .returning();
  await audit(tx, actor, {
    action: "registration.free_retake",
    entity: "exam_registration",
    entityId: reg!.id,
    toState: "paid",
    after: { certId: from.certId, source: "free_retake", after: from.voucherCode },
  });
  return reg!;
}

export const LATE_CANCELLATION_MESSAGE = `A purchase can be cancelled only within ${CANCELLATION_HOURS} hours of purchase (refund policy). This one can no longer be cancelled.`;

/**
 * Cancels a paid registration within 24 hours of purchase and refunds it through the gateway.
 * Refused (409) afterwards with the refund policy's reason, and for anything but an unused voucher.
 * The refund is requested before the row changes; the row changes only if the gateway agrees.
 */
export async function cancelRegistration(
  db: Db,
  gateway: PaymentGateway,
  input: { registrationId: number; actor: Actor; ownerId?: number; now?: Date },
): Promise<{ registration: Registration; refundReference: string }> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select({ reg: examRegistrations, order: orders })
    .from(examRegistrations)
    .leftJoin(orders, eq(orders.id, examRegistrations.orderId))
    .where(eq(examRegistrations.id, input.registrationId));
  if (!row || (input.ownerId !== undefined && row.reg.userId !== input.ownerId))
    throw new HttpError(404, "not_found", "There is no such exam registration on your account.");
  const { reg, order } = row;
  if (reg.state !== "paid" || !order)
    throw new HttpError(
      409,
      "not_cancellable",
      reg.state === "cancelled"
        ? "This purchase has already been cancelled."
        : reg.state === "used" || reg.state === "started"
          ? "This voucher has been used for an exam, so the purchase cannot be cancelled."
          : reg.state === "forfeited"
            ? "The candidate agreement was declined for this voucher, so its exam fee was forfeited."
            : "A free retake has no purchase to cancel.",
    );
  if (!canCancel(reg.purchasedAt, now))
    throw new HttpError(409, "cancellation_window_closed", LATE_CANCELLATION_MESSAGE);

  // a registration exists only for a paid order, which has its charge's reference
  const refund = await gateway.refund({ chargeReference: order.gatewayRef ?? "", amountCents: order.priceCents });
  if (!refund.ok) throw new HttpError(502, refund.code, refund.message);

  const updated = await db.transaction(async (tx) => {
    const [u] = await tx
      .update(examRegistrations)
      .set({ state: "cancelled", cancelledAt: now, refundRef: refund.reference })
      .where(and(eq(examRegistrations.id, reg.id), eq(examRegistrations.state, "paid")))
      .returning();
    if (!u) throw new HttpError(409, "not_cancellable", "This purchase has already been cancelled.");
    await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    await releaseBookingOf(tx, reg.id, now);
    await audit(tx, input.actor, {
      action: "registration.cancel",
      entity: "exam_registration",
      entityId: reg.id,
      fromState: "paid",
      toState: "cancelled",
      before: { state: "paid", orderStatus: order.status },
      after: {
        state: "cancelled",
        orderStatus: "refunded",
        refundRef: refund.reference,
        amountCents: order.priceCents,
      },
      reason: `Cancelled within ${CANCELLATION_HOURS} hours of purchase; refund processed in ${REFUND_PROCESSING}.`,
    });
    // the candidate hears of it either way (issue 25.14): a staff refund used to reach them only on the card
    const [holder] = reg.userId === null ? [] : await tx.select().from(users).where(eq(users.id, reg.userId));
    await enqueueMail(tx, {
      to: holder?.email ?? order.email,
      template: "purchase-refunded",
      data: {
        firstName: holder?.firstName ?? order.firstName,
        reference: order.reference,
        examTitle: certificationById(reg.certId)?.title ?? order.examTitle,
        amount: formatCents(order.priceCents),
        voucherCode: reg.voucherCode,
        refundReference: refund.reference,
        cancelledAt: now.toISOString(),
        byStaff: input.actor.id !== reg.userId,
      },
    });
    return u;
  });
  return { registration: updated, refundReference: refund.reference };
}

/** When the registration can still be cancelled, or null. */
export function cancelDeadline(reg: Registration, now = new Date()): Date | null {
  return reg.state === "paid" && reg.source === "order" && canCancel(reg.purchasedAt, now)
    ? cancellableUntil(reg.purchasedAt)
    : null;
}

/**
 * May this account buy this exam now? The retake rules (server/credentials/state.ts) on the account's
 * attempts, certifications and vouchers, and an open accommodation request for the exam: the purchase
 * waits for its decision (policies §4).
 */
export async function purchaseEligibilityFor(
  db: Db,
  userId: number,
  certId: number,
  now = new Date(),
  /** countUnusedVouchers false: starting an exam with a voucher (server/exams), which is that voucher */
  opts: { countUnusedVouchers?: boolean } = {},
): Promise<Eligibility> {
  const [attempts, certs, vouchers, openAccommodation] = await Promise.all([
    db
      .select({ takenOn: examAttempts.takenOn, result: examAttempts.result })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, userId), eq(examAttempts.certId, certId))),
    db
      .select()
      .from(certificationsTable)
      .where(and(eq(certificationsTable.userId, userId), eq(certificationsTable.certId, certId))),
    db
      .select({ id: examRegistrations.id })
      .from(examRegistrations)
      .where(
        and(
          eq(examRegistrations.userId, userId),
          eq(examRegistrations.certId, certId),
          eq(examRegistrations.state, "paid"),
        ),
      ),
    db
      .select({ reference: requests.reference, dueAt: requests.dueAt })
      .from(requests)
      .where(and(accommodationRequests(userId, certId), eq(requests.state, "open"))),
  ]);
  const states = await Promise.all(certs.map(async (c) => certificationState(await certificationFacts(db, c), now)));
  const rules = purchaseEligibility({
    attempts: attempts as AttemptFacts[],
    certificationStates: states,
    unusedVouchers: opts.countUnusedVouchers === false ? 0 : vouchers.length,
    now,
  });
  if (!rules.allowed) return rules;
  const open = openAccommodation[0];
  if (open)
    return {
      allowed: false,
      code: "accommodation_pending",
      availableOn: open.dueAt.toISOString().slice(0, 10),
      message: `Your accommodation request ${open.reference} for this exam is being reviewed; its decision is due by ${open.dueAt.toISOString().slice(0, 10)}. You can buy the exam once it is decided.`,
    };
  return rules;
}

/** The exam's title for messages. */
export const examTitle = (certId: number) => certificationById(certId)?.title ?? `Exam ${certId}`;
