import { AUTH_MESSAGES } from "./auth-messages";
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

/** Login (spec §3 "login (Email, Password)"; the API takes { email, password }). */
export const loginSchema = z.strictObject({ email: emailField, password: passwordField });
export type LoginInput = z.input<typeof loginSchema>;

const nameField = (message: string) => requiredText(message, 80, "Please use at most 80 characters.");

/** The sign-up payload's certUser object. */
export const certUserSchema = z.strictObject({
  firstName: nameField(AUTH_MESSAGES.firstName),
  lastName: nameField(AUTH_MESSAGES.lastName),
  email: emailField,
  password: passwordField,
});
export const signupSchema = z.strictObject({ certUser: certUserSchema });
export type CertUserInput = z.input<typeof certUserSchema>;

export const signupEndpoint = endpoint({
  method: "POST",
  path: "/signup",
  body: signupSchema,
  response: { 201: z.object({ user: userSchema }) },
});

/** The token is also set as an HttpOnly cookie; the browser keeps the body's copy in memory only. */
export const loginEndpoint = endpoint({
  method: "POST",
  path: "/login",
  body: loginSchema,
  response: { 200: z.object({ user: userSchema, token: z.string() }) },
});

export const logoutEndpoint = endpoint({ method: "POST", path: "/logout", response: { 204: z.null() } });

export const meEndpoint = endpoint({ method: "GET", path: "/me", response: { 200: z.object({ user: userSchema }) } });
