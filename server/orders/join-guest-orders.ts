import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { examAttempts, examRegistrations, orders } from "../db/schema";

/**
 * A visitor may buy an exam without an account (spec: the purchase dialog is open to visitors). Such an
 * order, its voucher and any attempt recorded on it join the account that confirms the order's e-mail
 * address, by the link of a sign-up or of a change of address: the confirmation proves the address is the
 * account holder's (decision 0011). Until then the order has no account, so no certification can be
 * issued on it. Answers how many orders joined.
 */
export async function joinGuestOrders(tx: Db, userId: number, emailKey: string): Promise<number> {
  const joined = await tx
    .update(orders)
    .set({ userId })
    .where(and(isNull(orders.userId), sql`lower(trim(${orders.email})) = ${emailKey}`))
    .returning({ id: orders.id });
  if (joined.length === 0) return 0;
  const registrations = await tx
    .update(examRegistrations)
    .set({ userId })
    .where(
      and(
        isNull(examRegistrations.userId),
        inArray(
          examRegistrations.orderId,
          joined.map((o) => o.id),
        ),
      ),
    )
    .returning({ id: examRegistrations.id });
  if (registrations.length > 0)
    await tx
      .update(examAttempts)
      .set({ userId })
      .where(
        and(
          isNull(examAttempts.userId),
          inArray(
            examAttempts.registrationId,
            registrations.map((r) => r.id),
          ),
        ),
      );
  return joined.length;
}
