import { AUTH_MESSAGES } from "./auth-messages";
import { isCommonPassword } from "./common-passwords";
import { endpoint } from "./endpoint";
import { requiredText } from "./text";
import { userSchema } from "./user";
import { z } from "./zod";

/** Spec §5 login rules, character for character. */
export { AUTH_MESSAGES } from "./auth-messages";

export const PASSWORD_MAX = 128;
export const SPECIAL_CHARACTERS = "!@#$%^&*";

/**
 * The password rules of spec §5, one by one: the sign-up form shows them as a live checklist and the
 * password field below checks them, so they are written once.
 */
export const passwordRules = [
  { label: "At least 8 characters", test: (p: string) => p.length >= 8 },
  { label: "An uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "A number", test: (p: string) => /[0-9]/.test(p) },
  { label: `A special character (${SPECIAL_CHARACTERS})`, test: (p: string) => /[!@#$%^&*]/.test(p) },
] as const;
const [lengthRule, ...complexityRules] = passwordRules;

export const emailField = z.pipe(
  z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .check(z.trim(), z.minLength(1, AUTH_MESSAGES.emailRequired), z.maxLength(254, AUTH_MESSAGES.emailInvalid)),
  z.email({ error: AUTH_MESSAGES.emailInvalid }),
);

export const passwordField = z.string({ error: AUTH_MESSAGES.passwordRequired }).check(
  z.minLength(1, AUTH_MESSAGES.passwordRequired),
  z.refine(lengthRule.test, AUTH_MESSAGES.passwordMin),
  z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`),
  z.refine((p) => complexityRules.every((rule) => rule.test(p)), AUTH_MESSAGES.passwordComplexity),
);

/**
 * A password being chosen (sign-up, reset, invitation): the rules above, and not one of the most common
 * passwords. Login keeps `passwordField`, so an account made before the list still logs in.
 */
export const newPasswordField = passwordField.check(
  z.refine((p) => !isCommonPassword(p), AUTH_MESSAGES.passwordCommon),
);

/** Login (spec §3 "login (Email, Password)"; the API takes { email, password }). */
export const loginSchema = z.strictObject({ email: emailField, password: passwordField });
export type LoginInput = z.input<typeof loginSchema>;

const nameField = (message: string) => requiredText(message, 80, "Please use at most 80 characters.");

/** The names of a new account, with the spec §5 messages: sign-up and a staff invitation ask for them. */
export const accountNameFields = {
  firstName: nameField(AUTH_MESSAGES.firstName),
  lastName: nameField(AUTH_MESSAGES.lastName),
};

/** The sign-up payload's certUser object. */
export const certUserSchema = z.strictObject({
  ...accountNameFields,
  email: emailField,
  password: newPasswordField,
});
export const signupSchema = z.strictObject({ certUser: certUserSchema });
export type CertUserInput = z.input<typeof certUserSchema>;

export const signupEndpoint = endpoint("POST", "/signup", {
  body: signupSchema,
  response: { 201: z.object({ user: userSchema }) },
});

/** The token is also set as an HttpOnly cookie; the browser keeps the body's copy in memory only. */
export const loginEndpoint = endpoint("POST", "/login", {
  body: loginSchema,
  response: { 200: z.object({ user: userSchema, token: z.string() }) },
});

export const logoutEndpoint = endpoint("POST", "/logout", { response: { 204: z.null() } });

export const meEndpoint = endpoint("GET", "/me", { response: { 200: z.object({ user: userSchema }) } });

// Forgotten passwords: the link by e-mail and the new password.

/** How long a password-reset link works (minutes). */
export const RESET_LINK_MINUTES = 60;

export const PASSWORD_MESSAGES = {
  forgotSent: `If an account uses that address, we have sent it a link to choose a new password. The link works for ${RESET_LINK_MINUTES} minutes; check your spam folder if it does not arrive.`,
  badToken: "This link is invalid, has expired or was already used. Ask for a new one.",
  changed:
    "Your password was changed: every device was signed out and every other reset link we sent you stopped working. Log in with your new password.",
} as const;

export const forgotPasswordSchema = z.strictObject({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Always 202 with the same body, whether or not the address has an account. */
export const forgotPasswordEndpoint = endpoint("POST", "/password/forgot", {
  body: forgotPasswordSchema,
  response: { 202: z.object({ message: z.string() }) },
});

export const tokenField = z
  .string({ error: PASSWORD_MESSAGES.badToken })
  .check(z.minLength(1, PASSWORD_MESSAGES.badToken), z.maxLength(128, PASSWORD_MESSAGES.badToken));

export const resetPasswordSchema = z.strictObject({ token: tokenField, password: newPasswordField });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const resetPasswordEndpoint = endpoint("POST", "/password/reset", {
  body: resetPasswordSchema,
  response: { 200: z.object({ message: z.string() }) },
});
