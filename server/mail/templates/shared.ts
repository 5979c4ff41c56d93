import { z } from "zod";

/**
 * What several messages share about the one thing they are about: its data (each template's schema extends
 * it) and the first lines of its facts (each template adds its own lines after them).
 */

/** What every message about an exam order names: its buyer, reference, exam and amount. */
export const orderData = z.object({
  firstName: z.string(),
  reference: z.string(),
  examTitle: z.string(),
  amount: z.string(),
});

/** What every message about a certification names: its holder, its exam and its credential ID. */
export const certificationData = z.object({
  firstName: z.string(),
  examTitle: z.string(),
  credentialId: z.string(),
});

/** The facts that name an order: its reference and its exam (the receipt and the refund). */
export const orderFacts = (d: { reference: string; examTitle: string }): [string, string][] => [
  ["Order reference", d.reference],
  ["Exam", d.examTitle],
];

/** The facts that name a certification: its exam and its credential ID (its issue and its invalidation). */
export const certificationFacts = (d: { examTitle: string; credentialId: string }): [string, string][] => [
  ["Certification", d.examTitle],
  ["Credential ID", d.credentialId],
];
