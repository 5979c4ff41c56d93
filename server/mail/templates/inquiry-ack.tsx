import { z } from "zod";
import { inquiryKinds } from "../../../app/schemas/inquiry";
import { org } from "../../../app/data/org";
import { defineTemplate } from "./define";
import { MailLayout, P } from "./layout";

const about = { contact: "your message", partner: "your partnership enquiry", career: "your career enquiry" } as const;

/** Tells the sender of a contact, partner or career message that it arrived (17.6). */
export default defineTemplate({
  schema: z.object({ name: z.string(), reference: z.string(), kind: z.enum(inquiryKinds) }),
  subject: ({ reference }) => `We received your message (${reference})`,
  body: ({ name, reference, kind }) => (
    <MailLayout preview={`We received ${about[kind]}.`} heading="We received your message">
      <P>Hello {name},</P>
      <P>
        Thank you for writing to {org.name}. We received {about[kind]} and will answer within two business days (
        {org.hours}). Your reference is {reference}: please quote it if you write again.
      </P>
    </MailLayout>
  ),
});
