import { z } from "zod";
import { REFUND_PROCESSING } from "../../../app/data/program-rules";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P, utcTime } from "./layout";
import { orderData, orderFacts } from "./shared";

/**
 * A purchase was cancelled and refunded (issue 25.14), by the candidate from their account or by staff
 * from the console: the refund, its gateway reference, and the exam voucher that no longer works.
 */
export default defineTemplate({
  schema: orderData.extend({
    voucherCode: z.string(),
    refundReference: z.string(),
    cancelledAt: z.iso.datetime(),
    /** staff refunded it from the console (otherwise the candidate cancelled it) */
    byStaff: z.boolean(),
  }),
  subject: ({ reference }) => `Your CITB exam order ${reference} was refunded`,
  body: (d, { link }) => (
    <MailLayout preview={`${d.amount} is on its way back to your card.`} heading="Your order was refunded">
      <P>
        Hello {d.firstName},{" "}
        {d.byStaff
          ? "our staff cancelled your exam purchase and refunded it."
          : "you cancelled your exam purchase, and we refunded it."}
      </P>
      <Facts
        rows={[
          ...orderFacts(d),
          ["Refunded", d.amount],
          ["Refund reference", d.refundReference],
          ["Cancelled voucher", d.voucherCode],
          ["Date", utcTime(d.cancelledAt)],
        ]}
      />
      <P>
        {`The refund goes back to the card you paid with and is processed in ${REFUND_PROCESSING}. The voucher ${d.voucherCode} is cancelled: it can no longer be used to sit the exam. To take the exam later, buy it again.`}
      </P>
      <Action href={link("/account/exams")}>See my exams</Action>
    </MailLayout>
  ),
});
