import { CloseDialog } from "./ConfirmPurchase";
import { Link } from "~/lib/router";
import type { OrderSummary } from "~/schemas/order-record";

/** What the dialog shows once the order went through: the reference, the charge and the voucher. */
export function Receipt({ order, headingRef }: { order: OrderSummary; headingRef: React.Ref<HTMLHeadingElement> }) {
  return (
    <div role="status" className="space-y-3">
      <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-700">
        Thank you! Your exam is purchased.
      </h3>
      <p>
        Order reference: <strong data-order-reference="">{order.reference}</strong>
      </p>
      <p>
        {order.examTitle}: {order.amount} charged to {order.cardBrand} ending in {order.cardLast4}.
      </p>
      <p className="text-muted">
        Keep this reference; our support team will ask for it if you contact us about this order.
      </p>
      {order.voucherCode && (
        <p>
          Your exam voucher code:{" "}
          <strong className="font-mono" data-voucher-code="">
            {order.voucherCode}
          </strong>
          . It is in{" "}
          <Link to="/account/exams" className="link">
            My exams
          </Link>{" "}
          with how to sit the exam online.
        </p>
      )}
      <CloseDialog />
    </div>
  );
}
