import { z } from "./zod";

/** The three first-party forms that replace the spec's embedded external forms. */
export const inquiryKinds = ["contact", "partner", "career"] as const;
export type InquiryKind = (typeof inquiryKinds)[number];

export const INQUIRY_LIMITS = { name: 120, email: 254, phone: 30, organization: 160, message: 5000 } as const;

const trimmed = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** One schema for an inquiry: the form validates with it and the API route validates with it. */
export const inquirySchema = z
  .object({
    kind: z.enum(inquiryKinds, { error: "Choose what your message is about." }),
    name: trimmed(
      INQUIRY_LIMITS.name,
      "Please enter your name.",
      `Your name must be at most ${INQUIRY_LIMITS.name} characters.`,
    ),
    email: z
      .string({ error: "Please enter your e-mail address." })
      .trim()
      .min(1, "Please enter your e-mail address.")
      .max(INQUIRY_LIMITS.email, "That e-mail address is too long.")
      .pipe(z.email({ error: "Please enter a valid e-mail address, like name@example.com." })),
    phone: z
      .string()
      .trim()
      .max(INQUIRY_LIMITS.phone, `A phone number must be at most ${INQUIRY_LIMITS.phone} characters.`)
      .regex(/^[0-9+().\-\s]*$/, "A phone number may contain only digits, spaces and + ( ) - .")
      .optional()
      .or(z.literal("")),
    organization: z
      .string()
      .trim()
      .max(
        INQUIRY_LIMITS.organization,
        `The organisation name must be at most ${INQUIRY_LIMITS.organization} characters.`,
      )
      .optional()
      .or(z.literal("")),
    message: z
      .string({ error: "Please write a message." })
      .trim()
      .min(10, "Please write a message of at least 10 characters.")
      .max(INQUIRY_LIMITS.message, `Your message must be at most ${INQUIRY_LIMITS.message} characters.`),
    /** Honeypot: hidden from people; a bot that fills it is quietly ignored. */
    website: z.string().max(500).optional(),
  })
  .strict();

export type InquiryInput = z.input<typeof inquirySchema>;
export type Inquiry = z.output<typeof inquirySchema>;
