import { emailField } from "./auth";
import { endpoint } from "./endpoint";
import { tokenField } from "./auth";
import { userSchema } from "./user";
import { z } from "./zod";

/** How long a link that confirms an address works (hours). */
export const CONFIRM_LINK_HOURS = 24;

/** The messages about confirming an account's e-mail address and changing it (issue 17.5). */
export const EMAIL_MESSAGES = {
  confirmed: "Your e-mail address is confirmed. Thank you!",
  changed: "Your new e-mail address is confirmed: your account now uses it.",
  badToken: "This confirmation link is invalid, has expired or was already used. Ask for a new one from your account.",
  resent: `We sent a new confirmation link to your e-mail address. It works for ${CONFIRM_LINK_HOURS} hours; check your spam folder if it does not arrive.`,
  alreadyConfirmed: "Your e-mail address is already confirmed.",
  mustConfirm:
    "Please confirm your e-mail address before you buy an exam: follow the link we sent you when you signed up, or send it again.",
  mustConfirmUpload:
    "Please confirm your e-mail address before you send files: follow the link we sent you when you signed up, or send it again from your account page.",
  changeSent: `We sent a link to your new address. Your account keeps using the current one until you follow that link (it works for ${CONFIRM_LINK_HOURS} hours).`,
  sameAddress: "This is already the address of your account.",
  wrongPassword: "The current password is incorrect.",
  taken: "Email already registered to an account, please use a different one.",
} as const;

/** POST /api/email/confirm: the token of a confirmation link (a new account's address or a new address). */
export const confirmEmailSchema = z.strictObject({ token: tokenField });
export const confirmEmailEndpoint = endpoint("POST", "/email/confirm", {
  body: confirmEmailSchema,
  response: { 200: z.object({ message: z.string(), email: z.string() }) },
});

/** POST /api/me/email/confirmation: sends the signed-in account a new confirmation link (rate-limited). */
export const resendConfirmationEndpoint = endpoint("POST", "/me/email/confirmation", {
  response: { 202: z.object({ message: z.string() }) },
});

/** POST /api/me/email: asks to use a new address; it replaces the old one once confirmed. */
export const changeEmailSchema = z.strictObject({
  email: emailField,
  currentPassword: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required")),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export const changeEmailEndpoint = endpoint("POST", "/me/email", {
  body: changeEmailSchema,
  response: { 202: z.object({ message: z.string(), user: userSchema }) },
});
