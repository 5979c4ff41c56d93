import { z } from "./zod";

/** `sme`: a subject-matter expert who writes and reviews exam items (issue 30.1), invited by an admin. */
/** `proctor`: the proctoring page of the console only (issue 28.4), invited by an admin. */
export const roles = ["candidate", "staff", "admin", "sme", "proctor"] as const;
export type Role = (typeof roles)[number];

/** What the API shows of an account, everywhere it shows one (never the password hash). */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  role: z.enum(roles),
  /** whether the account's address is confirmed (buying an exam needs a confirmed address) */
  emailVerified: z.boolean(),
});
export type User = z.output<typeof userSchema>;
