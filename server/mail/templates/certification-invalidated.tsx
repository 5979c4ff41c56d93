import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P, Paragraphs, utcTime } from "./layout";
import { certificationData, certificationFacts } from "./shared";

/** A certification was invalidated by staff; the holder may appeal within 72 hours (issue 18/19). */
export default defineTemplate({
  schema: certificationData.extend({
    reason: z.string(),
    appealBy: z.iso.datetime(),
  }),
  subject: ({ examTitle }) => `Your ${examTitle} certification was invalidated`,
  body: (d, { link }) => (
    <MailLayout
      preview="Your certification was invalidated; you may appeal."
      heading="Your certification was invalidated"
    >
      <P>Hello {d.firstName},</P>
      <Facts rows={certificationFacts(d)} />
      <P>
        <strong>Reason:</strong>
      </P>
      <Paragraphs text={d.reason} />
      <P>You may appeal this decision until {utcTime(d.appealBy)} (72 hours from the decision).</P>
      <Action href={link("/account/requests")}>Appeal the decision</Action>
    </MailLayout>
  ),
});
