/**
 * The numbers of the certification program (policies §9), in one place: the account pages, the
 * purchase dialog, the request forms and the server's rules all read them from here.
 */

/** A certification is valid for 3 years from the date it is awarded (or renewed). */
export const VALIDITY_YEARS = 3;
/** Grace period after the renewal date in which the holder can still upload units and renew. */
export const GRACE_DAYS = 90;
/** Continuing-education units required per cycle to renew. */
export const UNITS_REQUIRED = 20;
/** Written notice of renewal at least this many days before the renewal date. */
export const RENEWAL_NOTICE_DAYS = 30;
/** A purchase can be cancelled (and refunded) only within 24 hours of purchase. */
export const CANCELLATION_HOURS = 24;
/** Refunds are processed in 5-7 business days. */
export const REFUND_PROCESSING = "5-7 business days";
/** Wait after an unsuccessful attempt before a retake. */
export const RETAKE_WAIT_DAYS = 7;
/** Wait before a third or later attempt. */
export const THIRD_ATTEMPT_WAIT_DAYS = 14;
/** An accommodation request comes at least 20 days before registering; decided within 7 days. */
export const ACCOMMODATION_LEAD_DAYS = 20;
export const ACCOMMODATION_DECISION_DAYS = 7;
/** A certification decision can be appealed within 72 hours; the appeal is processed within 72 hours. */
export const APPEAL_HOURS = 72;
/** A Code of Ethics sanction can be appealed within 30 days of notification. */
export const SANCTION_APPEAL_DAYS = 30;
/** A complaint is filed within 30 days of the issue. */
export const COMPLAINT_DAYS = 30;

/** Continuing-education evidence and accommodation documents: PDF, PNG or JPEG up to 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;

/** The categories a candidate picks from when adding a continuing-education activity. */
export const CE_CATEGORIES = [
  "Course or training",
  "Conference or webinar",
  "Teaching or presenting",
  "Publication",
  "Professional work",
  "Other",
] as const;

/** The states a certification can be in, and how they read. */
export const CERTIFICATION_STATES = ["active", "grace", "lapsed", "expired", "invalidated"] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];
export const CERTIFICATION_STATE_LABELS: Record<CertificationState, string> = {
  active: "Active",
  grace: "In grace period",
  lapsed: "Lapsed",
  expired: "Expired",
  invalidated: "Invalidated",
};
