import { z } from "zod";
import { org } from "../../../app/data/org";
import { defineTemplate } from "./define";
import { MailLayout, P, Paragraphs } from "./layout";

/** A reply written by staff in the console to a contact, partner or career message (issue 19). */
export default defineTemplate({
  schema: z.object({
    name: z.string(),
    reference: z.string(),
    subject: z.string(),
    body: z.string(),
    staffName: z.string(),
    originalMessage: z.string(),
  }),
  subject: ({ subject, reference }) => `${subject} (${reference})`,
  body: ({ name, reference, body, staffName, originalMessage }) => (
    <MailLayout preview={body.slice(0, 90)} heading={`About your message ${reference}`}>
      <P>Hello {name},</P>
      <Paragraphs text={body} />
      <P>
        {staffName}, {org.name}
      </P>
      <P>You wrote: “{originalMessage.length > 500 ? `${originalMessage.slice(0, 500)}…` : originalMessage}”</P>
    </MailLayout>
  ),
});
