import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, MailLayout, P } from "./layout";

/** An exam result was recorded: a fail with the score, or an indeterminate score with a free retake (issue 18). */
export default defineTemplate({
  schema: z.object({
    firstName: z.string(),
    examTitle: z.string(),
    result: z.enum(["pass", "fail", "indeterminate"]),
    scorePercent: z.number().nullable().optional(),
    passingScore: z.number().optional(),
    freeRetakeVoucher: z.string().optional(),
  }),
  subject: ({ examTitle }) => `Your ${examTitle} exam result`,
  body: (d, { link }) => (
    <MailLayout preview={`Your result for ${d.examTitle}.`} heading="Your exam result">
      <P>Hello {d.firstName},</P>
      {d.result === "indeterminate" ? (
        <P>
          Your score for {d.examTitle} could not be determined, so you get a free retake. Your new voucher code is{" "}
          {d.freeRetakeVoucher ?? "in your account"}.
        </P>
      ) : (
        <P>
          Your result for {d.examTitle}: {d.result === "pass" ? "pass" : "not a pass"}
          {d.scorePercent != null ? `, with ${d.scorePercent}%` : ""}
          {d.passingScore != null ? ` (the passing score is ${d.passingScore}%)` : ""}.
        </P>
      )}
      {d.freeRetakeVoucher ? (
        <Action href={link("/account/exams")}>See my exams</Action>
      ) : (
        <Action href={link("/account/results")}>See my results</Action>
      )}
    </MailLayout>
  ),
});
