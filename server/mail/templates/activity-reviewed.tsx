import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P, Paragraphs } from "./layout";

/**
 * Staff approved or rejected a continuing-education activity (issue 19); a rejection carries its reason.
 * The units count only when the activity falls in the certification's current cycle (`counts`, from
 * server/credentials/state.ts): the message never says they count otherwise (issue 25.12).
 */
export default defineTemplate({
  schema: z.object({
    firstName: z.string(),
    title: z.string(),
    units: z.number(),
    outcome: z.enum(["approved", "rejected"]),
    reason: z.string().nullable().optional(),
    counts: z.boolean().default(true),
    cycleStartsOn: z.string().optional(),
    cycleEndsOn: z.string().optional(),
  }),
  subject: ({ title, outcome }) => `Continuing education ${outcome}: ${title}`,
  body: (d, { link }) => (
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
          ...(d.cycleStartsOn && d.cycleEndsOn
            ? ([["Current cycle", `${d.cycleStartsOn} to ${d.cycleEndsOn}`]] as [string, string][])
            : []),
        ]}
      />
      {d.reason ? (
        <>
          <P>
            <strong>Reason:</strong>
          </P>
          <Paragraphs text={d.reason} />
        </>
      ) : null}
      <P>
        {d.outcome === "rejected"
          ? "The units do not count toward your renewal. You may add the activity again with better evidence."
          : d.counts
            ? "The units count toward the renewal of your certification."
            : `The activity is dated before the current cycle of your certification${d.cycleStartsOn ? ` (which started on ${d.cycleStartsOn})` : ""}, so its units do not count toward your renewal.`}
      </P>
      <Action href={link("/account/education")}>See your continuing education</Action>
    </MailLayout>
  ),
});
