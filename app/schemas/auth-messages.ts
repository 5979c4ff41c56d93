/** The account messages of spec §3, kept free of zod so the store (on every page) does not load the validator. */
export const AUTH_MESSAGES = {
  emailInvalid: "Invalid email",
  emailRequired: "A valid email is required",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 8 characters long.",
  passwordComplexity: "Password must contain at least one uppercase letter, one number, and one special character",
  firstName: "First name is required.",
  lastName: "Last name is required.",
  passwordCommon:
    "This password is one of the most common passwords, which attackers try first. Please choose another.",
  emailTaken: "Email already registered to an account, please use a different one.",
} as const;
