import { z } from "./zod";

/** Spec §5 profile rules, character for character. */
export const PROFILE_MESSAGES = {
  FirstName: "First name is required.",
  LastName: "Last name is required.",
  PhoneRequired: "Phone number is required.",
  PhoneDigits: "Phone number must be a 10-digit number.",
  Address: "Address is required.",
  City: "City is required.",
  State: "State is required.",
  Zip: "5-digit zip code is required.",
} as const;

const required = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please use at most ${max} characters.`);

/** Profile fields (spec §3 "profile"): shared by the account screen, PUT /api/me and the order form. */
export const profileFields = {
  FirstName: required(PROFILE_MESSAGES.FirstName, 80),
  LastName: required(PROFILE_MESSAGES.LastName, 80),
  Phone: z
    .string({ error: PROFILE_MESSAGES.PhoneRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.PhoneRequired)
    // people write "(405) 555-0123": spaces, brackets, dots and dashes are dropped before the check
    .transform((v) => v.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\d{10}$/, PROFILE_MESSAGES.PhoneDigits)),
  Address: required(PROFILE_MESSAGES.Address),
  AddressLine1: z.string().trim().max(120, "Please use at most 120 characters.").optional().or(z.literal("")),
  City: required(PROFILE_MESSAGES.City, 80),
  State: required(PROFILE_MESSAGES.State, 40),
  /** presence only, as the spec states */
  Zip: required(PROFILE_MESSAGES.Zip, 10),
};

export const profileSchema = z.object(profileFields).strict();
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;
