import { z } from "./zod";
import { AUTH_MESSAGES } from "./auth-messages";

/** Spec §5 login rules, character for character. */
export { AUTH_MESSAGES } from "./auth-messages";

export const PASSWORD_MAX = 128;
export const SPECIAL_CHARACTERS = "!@#$%^&*";

/** The password rules, one by one, for the live checklist on the sign-up form. */
export const passwordRules = [
  { label: "At least 8 characters", test: (p: string) => p.length >= 8 },
  { label: "An uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "A number", test: (p: string) => /[0-9]/.test(p) },
  { label: `A special character (${SPECIAL_CHARACTERS})`, test: (p: string) => /[!@#$%^&*]/.test(p) },
] as const;

export const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

export const passwordField = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(8, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`)
  .regex(/^(?=.*[A-Z])(?=.*[0-9])(?=.*[!@#$%^&*]).*$/, AUTH_MESSAGES.passwordComplexity);

/** Login (spec §3 "login (Email, Password)"; the API takes { email, password }). */
export const loginSchema = z.object({ email: emailField, password: passwordField }).strict();
export type LoginInput = z.input<typeof loginSchema>;

const nameField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(80, "Please use at most 80 characters.");

/** The sign-up payload's certUser object. */
export const certUserSchema = z
  .object({
    firstName: nameField(AUTH_MESSAGES.firstName),
    lastName: nameField(AUTH_MESSAGES.lastName),
    email: emailField,
    password: passwordField,
  })
  .strict();
export const signupSchema = z.object({ certUser: certUserSchema }).strict();
export type CertUserInput = z.input<typeof certUserSchema>;
