import { z } from "zod";
import { org } from "../../../app/data/org";
import { defineTemplate } from "./define";
import { MailLayout, P } from "./layout";

/** Tells the old address that the account now uses a new one (17.5). */
export default defineTemplate({
  schema: z.object({ firstName: z.string(), newEmail: z.string() }),
  subject: () => "The e-mail address of your CITB account was changed",
  body: ({ firstName, newEmail }) => (
    <MailLayout preview="Your CITB account now uses a new e-mail address." heading="Your e-mail address was changed">
      <P>Hello {firstName},</P>
      <P>
        Your CITB account now uses the address {newEmail}. Messages about your account will go there, and you log in
        with it.
      </P>
      <P>
        If you did not make this change, contact us at once at {org.email} or {org.phone.display}.
      </P>
    </MailLayout>
  ),
});
