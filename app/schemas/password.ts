import { emailField, passwordField } from "./auth";
import { endpoint } from "./endpoint";
import { z } from "./zod";

/** How long a password-reset link works (minutes). */
export const RESET_LINK_MINUTES = 60;

export const PASSWORD_MESSAGES = {
  forgotSent: `If an account uses that address, we have sent it a link to choose a new password. The link works for ${RESET_LINK_MINUTES} minutes; check your spam folder if it does not arrive.`,
  badToken: "This link is invalid, has expired or was already used. Ask for a new one.",
  changed: "Your password was changed and every device was signed out. Log in with your new password.",
} as const;

export const forgotPasswordSchema = z.strictObject({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Always 202 with the same body, whether or not the address has an account. */
export const forgotPasswordEndpoint = endpoint({
  method: "POST",
  path: "/password/forgot",
  body: forgotPasswordSchema,
  response: { 202: z.object({ message: z.string() }) },
});

export const tokenField = z
  .string({ error: PASSWORD_MESSAGES.badToken })
  .check(z.minLength(1, PASSWORD_MESSAGES.badToken), z.maxLength(128, PASSWORD_MESSAGES.badToken));

export const resetPasswordSchema = z.strictObject({ token: tokenField, password: passwordField });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const resetPasswordEndpoint = endpoint({
  method: "POST",
  path: "/password/reset",
  body: resetPasswordSchema,
  response: { 200: z.object({ message: z.string() }) },
});
