import { z } from "zod";
import { defineTemplate } from "./define";
import { Action, Facts, MailLayout, P } from "./layout";
import { certificationData, certificationFacts } from "./shared";

/** A passing result issued a certification (issue 18, sent by server/certifications/certifications.ts). */
export default defineTemplate({
  schema: certificationData.extend({
    issuedOn: z.string(),
    expiresOn: z.string(),
    verifyUrl: z.url(),
  }),
  subject: ({ examTitle }) => `Your ${examTitle} certification`,
  body: (d, { link }) => (
    <MailLayout preview={`You are certified: ${d.examTitle}.`} heading="Congratulations, you are certified">
      <P>Hello {d.firstName}, you passed and your certification has been issued.</P>
      <Facts rows={[...certificationFacts(d), ["Issued", d.issuedOn], ["Expires", d.expiresOn]]} />
      <P>Anyone (an employer, for instance) can check it with its credential ID and your last name: {d.verifyUrl}</P>
      <Action href={link("/account/certifications")}>See my certification</Action>
    </MailLayout>
  ),
});
