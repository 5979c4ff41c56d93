import { z } from "zod";
import { CHECK_IN_CLOSES_MINUTES, formatInZone, ONLINE_EXAM_POLICY_PATH } from "../../../app/data/booking";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P } from "./layout";

/** No check-in by the end of the window (issue 28.6): a no-show, the fee forfeited as the online exam policy says. */
export default defineTemplate({
  schema: z.object({
    firstName: z.string(),
    examTitle: z.string(),
    voucherCode: z.string(),
    startsAt: z.iso.datetime(),
    timeZone: z.string(),
  }),
  subject: ({ examTitle }) => `You did not check in: ${examTitle}`,
  body: (d, { link }) => (
    <MailLayout preview="Your booked exam time passed without a check-in." heading="You did not check in">
      <P>
        {`Hello ${d.firstName}, your ${d.examTitle} exam was booked for ${formatInZone(d.startsAt, d.timeZone)}, and no check-in reached us by ${CHECK_IN_CLOSES_MINUTES} minutes after that time. Under the online exam policy this is a no-show: the exam fee is forfeited and the voucher can no longer be used.`}
      </P>
      <Facts
        rows={[
          ["Exam", d.examTitle],
          ["Voucher code", d.voucherCode],
        ]}
      />
      <P>
        {`If something on our side kept you from checking in, reply to this message or write to support: we look into it and, when the fault was ours, give you a new time free.`}
      </P>
      <Action href={link(ONLINE_EXAM_POLICY_PATH)}>Read the online exam policy</Action>
    </MailLayout>
  ),
});
