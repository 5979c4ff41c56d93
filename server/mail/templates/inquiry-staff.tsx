import { z } from "zod";
import { inquiryKinds } from "../../../app/schemas/inquiry";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P } from "./layout";

const kindLabel = { contact: "Contact", partner: "Partner", career: "Career" } as const;

/** Tells the staff address that a message arrived, with a link to it in the staff console (17.6). */
export default defineTemplate({
  schema: z.object({
    inquiryId: z.number().int(),
    reference: z.string(),
    kind: z.enum(inquiryKinds),
    name: z.string(),
    email: z.string(),
    organization: z.string().optional(),
  }),
  subject: ({ kind, name, reference }) => `New ${kind} message from ${name} (${reference})`,
  body: (d, { link }) => (
    <MailLayout preview={`${kindLabel[d.kind]} message from ${d.name}.`} heading={`New ${d.kind} message`}>
      <P>A visitor sent a message through the site.</P>
      <Facts
        rows={[
          ["Kind", kindLabel[d.kind]],
          ["Name", d.name],
          ["E-mail", d.email],
          ...(d.organization ? ([["Organisation", d.organization]] as [string, string][]) : []),
          ["Reference", d.reference],
        ]}
      />
      <Action href={link(`/staff/inbox/${d.inquiryId}`)}>Open it in the staff inbox</Action>
    </MailLayout>
  ),
});
