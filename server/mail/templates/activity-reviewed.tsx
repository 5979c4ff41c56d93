import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P } from "./layout";

/** Staff approved or rejected a continuing-education activity (issue 19); a rejection carries its reason. */
export default defineTemplate({
  schema: z.object({
    firstName: z.string(),
    title: z.string(),
    units: z.number(),
    outcome: z.enum(["approved", "rejected"]),
    reason: z.string().nullable().optional(),
    accountUrl: z.url(),
  }),
  subject: ({ title, outcome }) => `Continuing education ${outcome}: ${title}`,
  body: (d) => (
    <MailLayout
      preview={`Your activity “${d.title}” was ${d.outcome}.`}
      heading={d.outcome === "approved" ? "Your activity was approved" : "Your activity was not approved"}
    >
      <P>Hello {d.firstName},</P>
      <Facts
        rows={[
          ["Activity", d.title],
          ["Units", String(d.units)],
          ["Review", d.outcome === "approved" ? "Approved" : "Rejected"],
          ...(d.reason ? ([["Reason", d.reason]] as [string, string][]) : []),
        ]}
      />
      <P>
        {d.outcome === "approved"
          ? "The units count toward the renewal of your certification."
          : "The units do not count toward your renewal. You may add the activity again with better evidence."}
      </P>
      <Action href={d.accountUrl}>See your continuing education</Action>
    </MailLayout>
  ),
});
