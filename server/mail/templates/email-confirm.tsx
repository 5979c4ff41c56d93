import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, MailLayout, P } from "./layout";

export const CONFIRM_TOKEN_HOURS = 24;

/** Confirms the address of a new account, or a new address the candidate asked to use (17.5). */
export default defineTemplate({
  schema: z.object({ firstName: z.string(), token: z.string().min(20), change: z.boolean().default(false) }),
  secrets: ["token"],
  subject: ({ change }) =>
    change ? "Confirm your new e-mail address for CITB" : "Confirm your e-mail address for CITB",
  body: ({ firstName, token, change }, { link }) => (
    <MailLayout
      preview="Confirm this address to finish setting up your CITB account."
      heading={change ? "Confirm your new e-mail address" : "Confirm your e-mail address"}
    >
      <P>Hello {firstName},</P>
      <P>
        {change
          ? "You asked to use this address for your CITB account. It replaces the old one once you confirm it."
          : "Welcome to CITB. Please confirm that this address is yours: you need a confirmed address to buy an exam."}{" "}
        The link works for {CONFIRM_TOKEN_HOURS} hours.
      </P>
      <Action href={link(`/confirm-email?token=${encodeURIComponent(token)}`)}>Confirm my address</Action>
      <P>If you did not ask for this, ignore this message.</P>
    </MailLayout>
  ),
});
