import { z } from "zod";
import { APPEAL_HOURS } from "../../../app/data/program-rules";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P, Paragraphs, utcTime } from "./layout";

/**
 * A proctored exam was ended before its time (issue 28.4, 28.6): by a proctor, as indeterminate or as a
 * suspected violation, or because the candidate could not return within the window after a lost
 * connection. Always with the reason and the appeal route.
 */
export default defineTemplate({
  schema: z.object({
    firstName: z.string(),
    examTitle: z.string(),
    outcome: z.enum(["indeterminate", "violation", "no_return"]),
    reason: z.string(),
    endedAt: z.iso.datetime(),
    appealBy: z.iso.datetime(),
    freeRetakeVoucher: z.string().optional(),
  }),
  subject: ({ examTitle }) => `Your ${examTitle} exam was ended`,
  body: (d, { link }) => (
    <MailLayout preview="Your exam was ended; here is why and how to appeal." heading="Your exam was ended">
      <P>Hello {d.firstName},</P>
      <Facts
        rows={[
          ["Exam", d.examTitle],
          ["Ended", utcTime(d.endedAt)],
        ]}
      />
      <P>
        <strong>Reason:</strong>
      </P>
      <Paragraphs text={d.reason} />
      {d.outcome === "violation" ? (
        <P>
          The exam was ended for a suspected violation of the candidate agreement. It has no score while this is
          reviewed; it is not counted as a pass or a fail. A certification decision on it follows the invalidation
          process, with written notice and your right to appeal.
        </P>
      ) : (
        <P>
          Your score is indeterminate: the exam is not counted as a pass or a fail, and you get a free retake. Your new
          voucher code is {d.freeRetakeVoucher ?? "in your account"}; start it from My exams when you are ready.
        </P>
      )}
      <P>
        You may appeal this decision until {utcTime(d.appealBy)} ({APPEAL_HOURS} hours from the decision), from your
        account.
      </P>
      <Action href={link("/account/requests")}>Appeal the decision</Action>
    </MailLayout>
  ),
});
