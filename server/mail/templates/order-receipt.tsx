import { z } from "zod";
import { CANCELLATION_HOURS, REFUND_PROCESSING } from "../../../app/data/program-rules";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P, utcTime } from "./layout";
import { orderData, orderFacts } from "./shared";

/** The receipt for an exam order (17.6), with the cancellation rule of the refund policy. */
export default defineTemplate({
  schema: orderData.extend({
    cardBrand: z.string(),
    cardLast4: z.string().regex(/^\d{4}$/),
    purchasedAt: z.iso.datetime(),
  }),
  subject: ({ reference }) => `Your CITB exam order ${reference}`,
  body: (d, { link }) => {
    const cancelBy = new Date(Date.parse(d.purchasedAt) + CANCELLATION_HOURS * 3600_000).toISOString();
    return (
      <MailLayout preview={`Receipt for ${d.examTitle}: ${d.amount}.`} heading="Thank you for your order">
        <P>Hello {d.firstName}, your payment went through. Here is your receipt.</P>
        <Facts
          rows={[
            ...orderFacts(d),
            ["Amount", d.amount],
            ["Paid with", `${d.cardBrand} ending in ${d.cardLast4}`],
            ["Date", utcTime(d.purchasedAt)],
          ]}
        />
        <P>
          {`You can cancel this order within ${CANCELLATION_HOURS} hours of purchase, that is until ${utcTime(cancelBy)}; after that it cannot be refunded. Refunds are processed in ${REFUND_PROCESSING}, and the exam registration fee is non-refundable. The full rules are in the refund policy: `}
          {link("/testing/refund-policy")}
        </P>
        <Action href={link("/account/exams")}>See or cancel it in my account</Action>
      </MailLayout>
    );
  },
});
