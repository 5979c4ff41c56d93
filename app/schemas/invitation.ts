import { accountNameFields, newPasswordField } from "./auth";
import { endpoint } from "./endpoint";
import { userSchema } from "./user";
import { z } from "./zod";

/**
 * The public side of a staff invitation (issue 19): the person invited has no account yet. The console's side
 * (inviting, withdrawing) is in schemas/staff.ts; server: server/accounts/invitation-routes.ts.
 */

/** Public: what an invitation link is for (the page shows it before the password is set). */
export const invitationLookupEndpoint = endpoint("POST", "/invitations/lookup", {
  body: z.strictObject({ token: z.string().check(z.maxLength(128)) }),
  response: {
    200: z.object({
      email: z.string(),
      role: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      expiresAt: z.string(),
    }),
  },
});

/** The sign-up's names and new password, with the invitation's token. */
export const acceptInvitationSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(128)),
  ...accountNameFields,
  password: newPasswordField,
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** Public: sets the password from an invitation and signs the new staff member in. */
export const acceptInvitationEndpoint = endpoint("POST", "/invitations/accept", {
  body: acceptInvitationSchema,
  response: { 200: z.object({ user: userSchema, token: z.string() }) },
});
