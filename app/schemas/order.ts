import { certifications } from "../data/exams";
import { luhnValid, normalizeCardNumber } from "../lib/card";
import { emailField } from "./auth";
import { endpoint } from "./endpoint";
import { orderSummarySchema } from "./order-record";
import { profileFields } from "./profile";
import { requiredText } from "./text";
import { z } from "./zod";

/**
 * The exam order: candidate details (the spec's profile rules), the course selection and the card
 * payment (the spec's card rules), with the spec's messages. The form and POST /api/orders both use it.
 */

const text = (required: string, max = 120) =>
  requiredText(required, max, `Please keep this to ${max} characters or fewer.`);

/** Accepts a number or a string (JSON clients may send either) and checks the trimmed string. */
const numeric = (required: string, pattern: RegExp) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v)),
    z.string({ error: required }).check(z.trim(), z.regex(pattern, required)),
  );

export const CARD_MESSAGES = {
  required: "Card number is required.",
  digits: "Card number must be 12 to 19 digits.",
  luhn: "This card number is not valid. Please check the digits and try again.",
  expired: "This card has expired. Please use a card that is still valid.",
} as const;

const COURSE_REQUIRED = "Course ID is required.";
const currentYear = () => new Date().getFullYear();

/**
 * The card as the buyer types it. It goes from the browser to the payment gateway's tokenization
 * endpoint only (a real processor's, or the test gateway's /test-gateway/tokens), never to /api/orders:
 * our order routes see a single-use token, the brand and the last four digits.
 */
export const cardFields = {
  cardNumber: z.pipe(
    z.pipe(z.string({ error: CARD_MESSAGES.required }), z.transform(normalizeCardNumber)),
    z
      .string()
      .check(
        z.minLength(1, CARD_MESSAGES.required),
        z.regex(/^\d{12,19}$/, CARD_MESSAGES.digits),
        z.refine(luhnValid, CARD_MESSAGES.luhn),
      ),
  ),
  cvv2: numeric("3-4 digit cvv is required", /^\d{3,4}$/),
  expiryMonth: z.pipe(numeric("Expiration month is required", /^(0?[1-9]|1[0-2])$/), z.transform(Number)),
  expiryYear: z.pipe(
    z.pipe(numeric("Expiration year is required", /^\d{4}$/), z.transform(Number)),
    z.number().check(z.refine((y) => y >= currentYear() && y <= currentYear() + 25, "Expiration year is required")),
  ),
};

/** A card's expiry month must not be behind us. */
const notExpired = z.superRefine((o: { expiryMonth: number; expiryYear: number }, ctx) => {
  const now = new Date();
  if (o.expiryYear === now.getFullYear() && o.expiryMonth < now.getMonth() + 1) {
    ctx.addIssue({ code: "custom", path: ["expiryMonth"], message: CARD_MESSAGES.expired, input: o.expiryMonth });
  }
});

/** What the tokenization endpoint takes: the card and its billing postal code. */
export const cardSchema = z.strictObject({ ...cardFields, postal: text("Zip code is required", 12) }).check(notExpired);
export type CardInput = z.input<typeof cardSchema>;

/** What the tokenization endpoint answers: a single-use token and what may be shown of the card. */
export const cardTokenSchema = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
});
export type CardToken = z.output<typeof cardTokenSchema>;

export const PAYMENT_MESSAGES = {
  /** a visitor who is not signed in: exams are bought from an account with a confirmed address (decision 0012) */
  signIn:
    "Please log in to buy an exam. Exams are bought from a candidate account with a confirmed e-mail address, where your voucher, results and certificate are kept.",
  token: "Please enter your card details again.",
  attempt: "This purchase could not be identified. Please reload the page and try again.",
} as const;

/** The order fields every purchase has: the candidate, the exam and the billing address. */
const orderFields = {
  // candidate details: the profile rules of spec §5, defined once in ./profile
  ...profileFields,
  Email: emailField,
  courseCertId: z.pipe(
    z.pipe(numeric(COURSE_REQUIRED, /^\d+$/), z.transform(Number)),
    z
      .number()
      .check(
        z.refine((id) => certifications.some((c) => c.id === id && c.available), "Choose one of the listed exams."),
      ),
  ),
  address: text("Address is required", 200),
  city: text("City is required"),
  region: text("State is required", 60),
  postal: text("Zip code is required", 12),
  /** the buyer agrees to keep the phone number and address on their profile (issue 25.17) */
  saveDetails: z.optional(z.boolean()),
};

/**
 * POST /api/orders: the order fields, the gateway's single-use payment token, and the purchase
 * attempt's idempotency key (a UUID the form makes once per attempt and sends again on a retry, so a
 * retried or doubled submit never charges twice).
 */
export const orderSchema = z.strictObject({
  ...orderFields,
  paymentToken: z
    .string({ error: PAYMENT_MESSAGES.token })
    .check(z.regex(/^[A-Za-z0-9_]{8,200}$/, PAYMENT_MESSAGES.token)),
  idempotencyKey: z
    .string({ error: PAYMENT_MESSAGES.attempt })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, PAYMENT_MESSAGES.attempt)),
});

/** The purchase form: the order fields and the card (the card is sent to the gateway, not to us). */
export const orderFormSchema = z.strictObject({ ...orderFields, ...cardFields }).check(notExpired);
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderForm = z.output<typeof orderFormSchema>;

export type OrderInput = z.input<typeof orderSchema>;
export type Order = z.output<typeof orderSchema>;

export const createOrderEndpoint = endpoint("POST", "/orders", {
  body: orderSchema,
  response: { 201: z.object({ order: orderSummarySchema }) },
});

/** The gateway's mode ("test" while no real processor is connected) and where the browser tokenizes a card. */
export const paymentModeEndpoint = endpoint("GET", "/payments/mode", {
  response: { 200: z.object({ mode: z.enum(["test", "live"]), tokensUrl: z.string() }) },
});
