import { endpoint } from "./endpoint";
import { multilineText, optionalText, plainCharacters, requiredText } from "./text";
import { z } from "./zod";

/** The three first-party forms that replace the spec's embedded external forms. */
export const inquiryKinds = ["contact", "partner", "career"] as const;
export type InquiryKind = (typeof inquiryKinds)[number];

export const INQUIRY_LIMITS = { name: 120, email: 254, phone: 30, organization: 160, message: 5000 } as const;

/** One schema for an inquiry: the form validates with it and the API route validates with it. */
export const inquirySchema = z.strictObject({
  kind: z.enum(inquiryKinds, { error: "Choose what your message is about." }),
  name: requiredText(
    "Please enter your name.",
    INQUIRY_LIMITS.name,
    `Your name must be at most ${INQUIRY_LIMITS.name} characters.`,
  ),
  email: z.pipe(
    requiredText("Please enter your e-mail address.", INQUIRY_LIMITS.email, "That e-mail address is too long."),
    z.email({ error: "Please enter a valid e-mail address, like name@example.com." }),
  ),
  phone: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(INQUIRY_LIMITS.phone, `A phone number must be at most ${INQUIRY_LIMITS.phone} characters.`),
        z.regex(/^[0-9+().\-\s]*$/, "A phone number may contain only digits, spaces and + ( ) - ."),
        ...plainCharacters(),
      ),
  ),
  organization: optionalText(
    INQUIRY_LIMITS.organization,
    `The organisation name must be at most ${INQUIRY_LIMITS.organization} characters.`,
  ),
  message: multilineText(
    "Please write a message.",
    10,
    "Please write a message of at least 10 characters.",
    INQUIRY_LIMITS.message,
    `Your message must be at most ${INQUIRY_LIMITS.message} characters.`,
  ),
  /** Honeypot: hidden from people; a bot that fills it is quietly ignored. */
  website: z.optional(z.string().check(z.maxLength(500))),
});

export type InquiryInput = z.input<typeof inquirySchema>;
export type Inquiry = z.output<typeof inquirySchema>;

export const createInquiryEndpoint = endpoint("POST", "/inquiries", {
  body: inquirySchema,
  response: { 201: z.object({ inquiry: z.object({ reference: z.string() }) }) },
});
