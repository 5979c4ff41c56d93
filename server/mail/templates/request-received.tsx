import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P } from "./layout";

/**
 * The acknowledgement of a request the policies promise (issue 18): special accommodation, appeal of a
 * certification decision, Code of Ethics sanction appeal or complaint; sent at once, with its reference
 * and the date its decision is due.
 */
export default defineTemplate({
  schema: z.object({
    firstName: z.string(),
    reference: z.string(),
    kindLabel: z.string(),
    /** the kind in a sentence: "special accommodation request", "Code of Ethics sanction appeal" */
    kindNoun: z.string(),
    subject: z.string(),
    submittedOn: z.string(),
    /** when the decision is due (a day, or a day and time for a 72-hour appeal) */
    dueBy: z.string(),
    /** accommodation: registration waits for the decision */
    waitsForDecision: z.boolean().optional(),
  }),
  subject: ({ kindNoun, reference }) => `We received your ${kindNoun} (${reference})`,
  body: (d, { link }) => (
    <MailLayout preview={`Reference ${d.reference}: decision due by ${d.dueBy}.`} heading={`${d.kindLabel} received`}>
      <P>Hello {d.firstName}, we have received your request and will review it.</P>
      <Facts
        rows={[
          ["Reference", d.reference],
          ["Request", d.kindLabel],
          ["About", d.subject],
          ["Received", d.submittedOn],
          ["Decision due by", d.dueBy],
        ]}
      />
      {d.waitsForDecision ? <P>You can register for the exam once we have e-mailed you our decision.</P> : null}
      <P>Quote the reference if you write to us about this request.</P>
      <Action href={link("/account/requests")}>See my requests</Action>
    </MailLayout>
  ),
});
