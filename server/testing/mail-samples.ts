import { verificationUrl } from "../credentials/links";
import type { TemplateData, TemplateName } from "../mail/templates";

// Sample data for each mail template (server/mail/templates), for the tests that render every message.

/** the public address the samples' links are on */
export const SAMPLE_PUBLIC_URL = "https://portal.citb.example";
const TOKEN = "tok_0123456789abcdefghijklmnop";
const NOW = "2026-11-20T10:00:00.000Z";

/** one sample per template: a template added without a sample fails the type check */
export const mailSamples: { [N in TemplateName]: TemplateData<N> } = {
  "password-reset": { firstName: "Ada", token: TOKEN },
  "password-changed": { firstName: "Ada" },
  "exam-ended": {
    firstName: "Ada",
    examTitle: "HTML and CSS Developer Online Exam",
    outcome: "indeterminate",
    reason: "The candidate's camera stopped.",
    endedAt: NOW,
    appealBy: NOW,
    freeRetakeVoucher: "V-ABC",
  },
  "email-confirm": { firstName: "Ada", token: TOKEN },
  "email-changed": { firstName: "Ada", newEmail: "ada@example.org" },
  "order-receipt": {
    firstName: "Ada",
    reference: "ORD-ABC123",
    examTitle: "HTML and CSS Developer Online Exam",
    amount: "$99.00",
    cardBrand: "visa",
    cardLast4: "4242",
    purchasedAt: NOW,
  },
  "purchase-refunded": {
    firstName: "Ada",
    reference: "ORD-ABC123",
    examTitle: "HTML and CSS Developer Online Exam",
    amount: "$99.00",
    voucherCode: "VCH-1234-5678",
    refundReference: "test_re_1",
    cancelledAt: NOW,
    byStaff: true,
  },
  "exam-booking": {
    kind: "booked",
    firstName: "Ada",
    examTitle: "HTML and CSS Developer Online Exam",
    voucherCode: "VCH-1234-5678",
    bookingId: 7,
    sequence: 0,
    startsAt: "2026-11-30T15:00:00.000Z",
    endsAt: "2026-11-30T17:00:00.000Z",
    timeZone: "Europe/Berlin",
    sentAt: NOW,
  },
  "exam-no-show": {
    firstName: "Ada",
    examTitle: "HTML and CSS Developer Online Exam",
    voucherCode: "VCH-1234-5678",
    startsAt: "2026-11-30T15:00:00.000Z",
    timeZone: "America/Chicago",
  },
  "inquiry-ack": { name: "Ada", reference: "INQ-1", kind: "contact" },
  "inquiry-staff": { inquiryId: 7, reference: "INQ-1", kind: "partner", name: "Ada", email: "ada@example.com" },
  "certificate-issued": {
    firstName: "Ada",
    examTitle: "HTML and CSS Developer Online Exam",
    credentialId: "CITB-ABCD-EFGH",
    issuedOn: "2026-11-20",
    expiresOn: "2029-11-20",
    verifyUrl: verificationUrl("CITB-ABCD-EFGH", SAMPLE_PUBLIC_URL),
  },
  "certification-invalidated": {
    firstName: "Ada",
    examTitle: "HTML and CSS Developer Online Exam",
    credentialId: "CITB-ABCD-EFGH",
    reason: "Misconduct during the exam.",
    appealBy: NOW,
  },
  "result-recorded": {
    firstName: "Ada",
    examTitle: "HTML and CSS",
    result: "fail",
    scorePercent: 50,
    passingScore: 70,
  },
  "request-received": {
    firstName: "Ada",
    reference: "REQ-1",
    kindLabel: "Special accommodation request",
    kindNoun: "special accommodation request",
    subject: "Extra time",
    submittedOn: "2026-11-20",
    dueBy: "2026-11-27",
  },
  "renewal-notice": {
    firstName: "Ada",
    examTitle: "HTML and CSS",
    credentialId: "CITB-ABCD-EFGH",
    stage: "before_expiry",
    expiresOn: "2026-12-20",
    graceEndsOn: "2027-03-20",
    unitsRequired: 20,
    approvedUnits: 6,
    unitsNeeded: 14,
  },
  "staff-invitation": { role: "staff", token: TOKEN, expiresAt: NOW },
  "staff-reply": {
    name: "Ada",
    reference: "INQ-1",
    subject: "Re: Exams",
    body: "Hello.\n\nThank you.",
    staffName: "Grace",
    originalMessage: "A question",
  },
  "request-decided": {
    firstName: "Ada",
    reference: "REQ-1",
    kind: "accommodation",
    outcome: "granted",
    decision: "Granted: extra time.",
  },
  "activity-reviewed": {
    firstName: "Ada",
    title: "A course",
    units: 4,
    outcome: "approved",
    counts: true,
    cycleStartsOn: "2026-01-01",
    cycleEndsOn: "2029-01-01",
  },
};
