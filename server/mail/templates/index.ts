import type { z } from "zod";
import type { MailTemplate } from "./define";
import activityReviewed from "./activity-reviewed";
import certificateIssued from "./certificate-issued";
import certificationInvalidated from "./certification-invalidated";
import emailChanged from "./email-changed";
import emailConfirm from "./email-confirm";
import examBooking from "./exam-booking";
import examEnded from "./exam-ended";
import examNoShow from "./exam-no-show";
import inquiryAck from "./inquiry-ack";
import inquiryStaff from "./inquiry-staff";
import orderReceipt from "./order-receipt";
import passwordChanged from "./password-changed";
import passwordReset from "./password-reset";
import purchaseRefunded from "./purchase-refunded";
import renewalNotice from "./renewal-notice";
import requestReceived from "./request-received";
import requestDecided from "./request-decided";
import resultRecorded from "./result-recorded";
import staffInvitation from "./staff-invitation";
import staffReply from "./staff-reply";

/**
 * Every message the site sends, by name. To add one: write a file next to this one
 * (`export default defineTemplate({ schema, subject, body })`, see password-reset.tsx) and add
 * one line here. `enqueueMail` then checks the data against the template's schema.
 */
export const templates = {
  "password-reset": passwordReset,
  "password-changed": passwordChanged,
  "email-confirm": emailConfirm,
  "email-changed": emailChanged,
  "order-receipt": orderReceipt,
  "purchase-refunded": purchaseRefunded,
  "inquiry-ack": inquiryAck,
  "inquiry-staff": inquiryStaff,
  // certification program (issue 18)
  "certificate-issued": certificateIssued,
  "certification-invalidated": certificationInvalidated,
  "result-recorded": resultRecorded,
  "request-received": requestReceived,
  "renewal-notice": renewalNotice,
  // staff console (issue 19)
  "staff-invitation": staffInvitation,
  "staff-reply": staffReply,
  "request-decided": requestDecided,
  "activity-reviewed": activityReviewed,
  // online proctoring (issue 28)
  "exam-booking": examBooking,
  "exam-ended": examEnded,
  "exam-no-show": examNoShow,
} satisfies Record<string, MailTemplate>;

export type TemplateName = keyof typeof templates;
/** The data a template takes (before its schema's defaults are applied). */
export type TemplateData<N extends TemplateName> = z.input<(typeof templates)[N]["schema"]>;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(templates, name);
}
