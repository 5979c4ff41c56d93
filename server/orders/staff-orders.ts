import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { CANCELLATION_HOURS } from "../../app/data/program-rules";
import type { OrderRow } from "../../app/schemas/staff";
import type { Db } from "../db/client";
import { examRegistrations, orders } from "../db/schema";
import { cancelDeadline } from "../registrations/registrations";
import { listConditions, pageWithTotal, rowCount, sortOrder, type ListFilter, type ListPage } from "../staff/query";

export interface OrdersFilter extends ListFilter {
  status?: string;
  userId?: number;
}

function conditions(f: OrdersFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.userId !== undefined) where.push(eq(orders.userId, f.userId));
  return listConditions(where, f, orders.createdAt, [
    orders.reference,
    orders.email,
    orders.firstName,
    orders.lastName,
    sql`${orders.firstName} || ' ' || ${orders.lastName}`,
    orders.examTitle,
    examRegistrations.voucherCode,
  ]);
}

/** An order's voucher: the registration of its first line (the one the console shows and refunds). */
const orderVoucher = and(eq(examRegistrations.orderId, orders.id), eq(examRegistrations.line, 1));

type Joined = { order: typeof orders.$inferSelect; reg: typeof examRegistrations.$inferSelect | null };

/** One order as the console shows it, with its voucher and how long the refund policy allows a refund. */
export function orderView({ order, reg }: Joined, now = new Date()): OrderRow {
  const deadline = reg && order.status === "paid" ? cancelDeadline(reg, now) : null;
  return {
    id: order.id,
    reference: order.reference,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    examTitle: order.examTitle,
    priceCents: order.priceCents,
    currency: order.currency,
    name: `${order.firstName} ${order.lastName}`,
    email: order.email,
    userId: order.userId,
    card: order.cardBrand && order.cardLast4 ? `${order.cardBrand} ending ${order.cardLast4}` : null,
    voucherCode: reg?.voucherCode ?? null,
    registrationState: reg?.state ?? null,
    refundableUntil: deadline?.toISOString() ?? null,
  };
}

const joined = (db: Db) =>
  db.select({ order: orders, reg: examRegistrations }).from(orders).leftJoin(examRegistrations, orderVoucher);

const ORDER_SORTS = {
  createdAt: orders.createdAt,
  reference: orders.reference,
  name: sql`lower(${orders.firstName} || ' ' || ${orders.lastName})`,
  email: sql`lower(${orders.email})`,
  examTitle: orders.examTitle,
  priceCents: orders.priceCents,
  status: orders.status,
};

/** Orders matching the filter, newest first (or by `sort`), with the total for paging. */
export async function listOrders(db: Db, f: OrdersFilter, page: ListPage) {
  const cond = conditions(f);
  const { rows, total } = await pageWithTotal(
    joined(db)
      .where(cond)
      .orderBy(...sortOrder(f.sort, ORDER_SORTS, [desc(orders.createdAt), desc(orders.id)])),
    page,
    db.select(rowCount).from(orders).leftJoin(examRegistrations, orderVoucher).where(cond),
  );
  const now = new Date();
  return { rows: rows.map((r) => orderView(r, now)), total };
}

export async function orderWithRegistration(db: Db, id: number): Promise<Joined | undefined> {
  const [row] = await joined(db).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * How many orders the refund policy still lets staff refund at `now` (the dashboard), counted in SQL: the
 * same rule as cancelDeadline (a paid order's unused voucher, bought less than CANCELLATION_HOURS ago).
 */
export async function refundableCount(db: Db, now = new Date()): Promise<number> {
  const windowOpened = new Date(now.getTime() - CANCELLATION_HOURS * 3600_000);
  const [row] = await db
    .select(rowCount)
    .from(orders)
    .innerJoin(examRegistrations, orderVoucher)
    .where(
      and(
        eq(orders.status, "paid"),
        eq(examRegistrations.state, "paid"),
        eq(examRegistrations.source, "order"),
        gt(examRegistrations.purchasedAt, windowOpened),
      ),
    );
  return row?.n ?? 0;
}
