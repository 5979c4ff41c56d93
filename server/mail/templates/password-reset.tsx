import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, MailLayout, P } from "./layout";

export const RESET_TOKEN_MINUTES = 60;

/** The link to choose a new password (17.4): valid for 60 minutes and once. */
export default defineTemplate({
  schema: z.object({ firstName: z.string(), token: z.string().min(20) }),
  secrets: ["token"],
  subject: () => "Reset your CITB password",
  body: ({ firstName, token }, { link }) => (
    <MailLayout preview="Choose a new password for your CITB account." heading="Reset your password">
      <P>Hello {firstName},</P>
      <P>
        Someone (we hope you) asked to reset the password of your CITB account. Choose a new password here. The link
        works once and for {RESET_TOKEN_MINUTES} minutes. Choosing a new password signs out every device that is signed
        in to your account, and every other reset link we sent you stops working, so only the newest choice counts.
      </P>
      <Action href={link(`/reset-password?token=${encodeURIComponent(token)}`)}>Choose a new password</Action>
      <P>If you did not ask for this, ignore this message: your password stays as it is.</P>
    </MailLayout>
  ),
});
