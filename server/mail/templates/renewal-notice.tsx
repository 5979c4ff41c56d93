import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P } from "./layout";
import { certificationData } from "./shared";

/**
 * The written renewal notice (issue 18, server/certifications/renewal-notices.ts): at least 30 days before
 * the renewal date, and again when the grace period starts; with the units still needed and a link.
 */
export default defineTemplate({
  schema: certificationData.extend({
    stage: z.enum(["before_expiry", "grace"]),
    expiresOn: z.string(),
    graceEndsOn: z.string(),
    unitsRequired: z.number(),
    approvedUnits: z.number(),
    unitsNeeded: z.number(),
  }),
  subject: ({ examTitle, stage }) =>
    stage === "grace"
      ? `Your ${examTitle} certification is in its grace period`
      : `Renew your ${examTitle} certification`,
  body: (d, { link }) => (
    <MailLayout
      preview={d.stage === "grace" ? `Renew by ${d.graceEndsOn}.` : `Your renewal date is ${d.expiresOn}.`}
      heading={d.stage === "grace" ? "Your certification is in its grace period" : "Your renewal date is coming"}
    >
      <P>
        Hello {d.firstName},{" "}
        {d.stage === "grace"
          ? `the renewal date of your ${d.examTitle} certification has passed. You can still renew it until ${d.graceEndsOn}; after that it is no longer valid.`
          : `your ${d.examTitle} certification reaches its renewal date on ${d.expiresOn}.`}
      </P>
      <Facts
        rows={[
          ["Credential ID", d.credentialId],
          ["Renewal date", d.expiresOn],
          ["Grace period ends", d.graceEndsOn],
          ["Units approved", `${d.approvedUnits} of ${d.unitsRequired}`],
          ["Units still needed", String(d.unitsNeeded)],
        ]}
      />
      <P>
        {d.unitsNeeded > 0
          ? `Add your continuing education activities with their evidence; renewal needs ${d.unitsRequired} approved units.`
          : "You have the units you need: renew from your account."}
      </P>
      <Action href={link("/account/certifications")}>Renew from my account</Action>
    </MailLayout>
  ),
});
