import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P, Paragraphs } from "./layout";

const KIND_LABELS = {
  accommodation: "accommodation request",
  certification_appeal: "appeal",
  sanction_appeal: "sanction appeal",
  complaint: "complaint",
} as const;
const OUTCOME_LABELS = { granted: "Granted", denied: "Denied", resolved: "Resolved" } as const;

/**
 * Staff decided a request (issue 19): the determination of an accommodation request, the decision on
 * an appeal, or the resolution of a complaint, with the text staff wrote.
 */
export default defineTemplate({
  schema: z.object({
    firstName: z.string(),
    reference: z.string(),
    kind: z.enum(["accommodation", "certification_appeal", "sanction_appeal", "complaint"]),
    outcome: z.enum(["granted", "denied", "resolved"]),
    decision: z.string(),
  }),
  subject: ({ kind, reference }) => `The decision on your ${KIND_LABELS[kind]} ${reference}`,
  body: (d, { link }) => (
    <MailLayout
      preview={`Your ${KIND_LABELS[d.kind]} ${d.reference} has been decided.`}
      heading={d.kind === "accommodation" ? "Your accommodation determination" : `Your ${KIND_LABELS[d.kind]}`}
    >
      <P>Hello {d.firstName},</P>
      <Facts
        rows={[
          ["Request", d.reference],
          ["Decision", OUTCOME_LABELS[d.outcome]],
        ]}
      />
      <Paragraphs text={d.decision} />
      <Action href={link("/account/requests")}>See your requests</Action>
    </MailLayout>
  ),
});
