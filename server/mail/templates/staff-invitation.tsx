import { z } from "zod";
import { roleTitles, staffRoles } from "../../../app/schemas/staff";
import { defineTemplate } from "./define";
import { Action, MailLayout, P } from "./layout";

/** An invitation to the staff console (issue 19): a link to set the password, once, for 72 hours. */
export default defineTemplate({
  schema: z.object({ role: z.enum(staffRoles), token: z.string().min(20), expiresAt: z.string() }),
  secrets: ["token"],
  subject: () => "You are invited to the CITB staff console",
  body: ({ role, token, expiresAt }, { link }) => (
    <MailLayout preview="Set your password to start using the CITB staff console." heading="Join the staff console">
      <P>
        You have been invited to the CITB staff console as {roleTitles[role].asA}. Choose your password with the link
        below. It works once, until {new Date(expiresAt).toUTCString().replace(" GMT", " UTC")}.
      </P>
      <Action href={link(`/invitation?token=${encodeURIComponent(token)}`)}>Set my password</Action>
      <P>If you did not expect this invitation, ignore this message: no account is changed until the link is used.</P>
    </MailLayout>
  ),
});
