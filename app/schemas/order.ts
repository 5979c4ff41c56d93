import { certifications } from "~/data/exams";
import { luhnValid, normalizeCardNumber } from "~/lib/card";
import { emailField } from "./auth";
import { profileFields } from "./profile";
import { z } from "./zod";

/**
 * The exam order: candidate details (the spec's profile rules), the course selection and the card
 * payment (the spec's card rules), with the spec's messages. The form and POST /api/orders both use it.
 */

const text = (required: string, max = 120) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Please keep this to ${max} characters or fewer.`);

/** Accepts a number or a string (JSON clients may send either) and works with the trimmed string. */
const numeric = (schema: z.ZodString) =>
  z.preprocess((v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v), schema);

export const CARD_MESSAGES = {
  required: "Card number is required.",
  digits: "Card number must be 12 to 19 digits.",
  luhn: "This card number is not valid. Please check the digits and try again.",
  expired: "This card has expired. Please use a card that is still valid.",
} as const;

const currentYear = () => new Date().getFullYear();

export const orderSchema = z
  .object({
    // candidate details: the profile rules of spec §5, defined once in ./profile
    ...profileFields,
    Email: emailField,
    courseCertId: numeric(z.string({ error: "Course ID is required." }).trim().min(1, "Course ID is required."))
      .pipe(z.string().regex(/^\d+$/, "Course ID is required."))
      .transform(Number)
      .refine((id) => certifications.some((c) => c.id === id && c.available), "Choose one of the listed exams."),
    cardNumber: z
      .string({ error: CARD_MESSAGES.required })
      .transform(normalizeCardNumber)
      .pipe(
        z
          .string()
          .min(1, CARD_MESSAGES.required)
          .regex(/^\d{12,19}$/, CARD_MESSAGES.digits)
          .refine(luhnValid, CARD_MESSAGES.luhn),
      ),
    cvv2: numeric(
      z
        .string({ error: "3-4 digit cvv is required" })
        .trim()
        .regex(/^\d{3,4}$/, "3-4 digit cvv is required"),
    ),
    expiryMonth: numeric(
      z
        .string({ error: "Expiration month is required" })
        .trim()
        .regex(/^(0?[1-9]|1[0-2])$/, "Expiration month is required"),
    ).transform(Number),
    expiryYear: numeric(
      z
        .string({ error: "Expiration year is required" })
        .trim()
        .regex(/^\d{4}$/, "Expiration year is required"),
    )
      .transform(Number)
      .refine((y) => y >= currentYear() && y <= currentYear() + 25, "Expiration year is required"),
    address: text("Address is required", 200),
    city: text("City is required"),
    region: text("State is required", 60),
    postal: text("Zip code is required", 12),
  })
  .strict()
  .superRefine((o, ctx) => {
    const now = new Date();
    if (o.expiryYear === now.getFullYear() && o.expiryMonth < now.getMonth() + 1) {
      ctx.addIssue({ code: "custom", path: ["expiryMonth"], message: CARD_MESSAGES.expired });
    }
  });

export type OrderInput = z.input<typeof orderSchema>;
export type Order = z.output<typeof orderSchema>;

/** Every field, in form order, for tests and for focusing the first error. */
export const orderFields = [
  "FirstName",
  "LastName",
  "Phone",
  "Email",
  "Address",
  "AddressLine1",
  "City",
  "State",
  "Zip",
  "courseCertId",
  "cardNumber",
  "cvv2",
  "expiryMonth",
  "expiryYear",
  "address",
  "city",
  "region",
  "postal",
] as const;
