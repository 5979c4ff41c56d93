import { z } from "zod";
import { org } from "../../../app/data/org";
import { defineTemplate } from "./define";
import { Action, MailLayout, P } from "./layout";

/** Sent after a password reset: every session was signed out. */
export default defineTemplate({
  schema: z.object({ firstName: z.string() }),
  subject: () => "Your CITB password was changed",
  body: ({ firstName }, { link }) => (
    <MailLayout preview="The password of your CITB account was changed." heading="Your password was changed">
      <P>Hello {firstName},</P>
      <P>
        The password of your CITB account was just changed: every device that was signed in has been signed out, and
        every other reset link we sent you no longer works.
      </P>
      <Action href={link("/login")}>Log in</Action>
      <P>
        If you did not change it, reset your password at once from {link("/forgot-password")} and tell us at {org.email}{" "}
        or {org.phone.display}.
      </P>
    </MailLayout>
  ),
});
