import { endpoint } from "./endpoint";
import { optionalText, plainCharacters, requiredText } from "./text";
import { userSchema } from "./user";
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

/** Profile fields (spec §3 "profile"): shared by the account screen, PUT /api/me and the order form. */
export const profileFields = {
  FirstName: requiredText(PROFILE_MESSAGES.FirstName, 80),
  LastName: requiredText(PROFILE_MESSAGES.LastName, 80),
  Phone: z.pipe(
    z
      .string({ error: PROFILE_MESSAGES.PhoneRequired })
      .check(z.trim(), z.minLength(1, PROFILE_MESSAGES.PhoneRequired), ...plainCharacters()),
    // people write "(405) 555-0123": spaces, brackets, dots and dashes are dropped before the check
    z.pipe(
      z.transform((v: string) => v.replace(/[\s().-]/g, "")),
      z.string().check(z.regex(/^\d{10}$/, PROFILE_MESSAGES.PhoneDigits)),
    ),
  ),
  Address: requiredText(PROFILE_MESSAGES.Address, 120),
  AddressLine1: optionalText(120),
  City: requiredText(PROFILE_MESSAGES.City, 80),
  State: requiredText(PROFILE_MESSAGES.State, 40),
  /** presence only, as the spec states */
  Zip: requiredText(PROFILE_MESSAGES.Zip, 10),
};

export const profileSchema = z.strictObject(profileFields);
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

export const updateProfileEndpoint = endpoint("PUT", "/me", {
  body: profileSchema,
  response: { 200: z.object({ user: userSchema }) },
});
