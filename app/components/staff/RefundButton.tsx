import type { ColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { call } from "~/lib/api/client";
import { refundOrderEndpoint, type OrderRow } from "~/schemas/staff";
import { useFailure } from "./StaffConsole";
import { dateTime, money } from "~/lib/staff-format";
import { ActionButton } from "~/forms/action-button";
import { FormAlert } from "~/forms/form-alert";
import { actionColumn } from "./Columns";

/**
 * Refund within the refund policy (24 hours of purchase, voucher unused): a two-step button, the
 * second step naming the amount and the card. The registration fee's amount is not published
 * (docs/decisions/0004), so the whole price goes back.
 */
export function RefundButton({
  order,
  onDone,
}: {
  order: OrderRow;
  onDone: (order: OrderRow, message: string) => void;
}) {
  const fail = useFailure();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!order.refundableUntil) return null;
  if (!confirming)
    return (
      <button type="button" className="btn-outline min-h-10 px-3 py-1 text-sm" onClick={() => setConfirming(true)}>
        Refund<span className="sr-only"> order {order.reference}</span>
      </button>
    );
  return (
    <div className="space-y-2 text-sm" role="group" aria-label={`Refund order ${order.reference}`}>
      <p>
        Refund {money(order.priceCents, order.currency)}
        {order.card ? ` to ${order.card}` : ""} and cancel voucher {order.voucherCode}? Allowed until{" "}
        {dateTime(order.refundableUntil)}.
      </p>
      <div className="flex flex-wrap gap-2">
        <ActionButton
          className="btn-primary min-h-10 px-3 py-1"
          busy="Refunding…"
          onClick={async () => {
            setError(null);
            try {
              const res = await call(refundOrderEndpoint, { params: { id: String(order.id) } });
              onDone(res.order, res.message);
            } catch (e) {
              setError(fail(e));
            }
          }}
        >
          Confirm refund
        </ActionButton>
        <button type="button" className="btn-outline min-h-10 px-3 py-1" onClick={() => setConfirming(false)}>
          Keep the order
        </button>
      </div>
      {error && <FormAlert>{error}</FormAlert>}
    </div>
  );
}

/** An orders table's last column: each refundable order's refund button. */
export const refundColumn = (col: ColumnHelper<OrderRow>, onDone: (order: OrderRow, message: string) => void) =>
  actionColumn(col, "refund", "Refund", (order) => <RefundButton order={order} onDone={onDone} />);
