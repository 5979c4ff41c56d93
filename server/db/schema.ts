import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Messages sent through the contact, partner and career forms. */
export const inquiries = pgTable(
  "inquiries",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    organization: text("organization"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inquiries_reference_idx").on(t.reference), index("inquiries_created_idx").on(t.createdAt)],
);

/** Candidate accounts. `emailKey` is the trimmed, lower-cased e-mail used for uniqueness and login. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    address: text("address"),
    addressLine1: text("address_line1"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    /** candidate (the default), staff or admin: see app/schemas/user.ts */
    role: text("role").notNull().default("candidate"),
    /** when the address was confirmed through the link sent to it (issue 17.5); null: not confirmed */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key_idx").on(t.emailKey)],
);

/** Login sessions. Only a SHA-256 hash of the opaque token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_idx").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/**
 * Exam orders (server/orders/place-order.ts). Card numbers and CVVs never reach the server: only the
 * gateway's brand and last four digits are stored. status: pending (stored before the charge) → paid,
 * failed (declined, nothing taken), voided (charged but not recorded, so given back) or refunded.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    certId: integer("cert_id").notNull(),
    examTitle: text("exam_title").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    status: text("status").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    addressLine1: text("address_line1"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    /** brand, last four digits and the charge's reference: from the gateway once the charge succeeded */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    gatewayRef: text("gateway_ref"),
    /** the purchase attempt's key (from the form): one order and one charge per key */
    idempotencyKey: text("idempotency_key"),
    /** why a pending order failed (the gateway's code), when it did */
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_reference_idx").on(t.reference),
    index("orders_user_idx").on(t.userId),
    uniqueIndex("orders_idempotency_key_idx").on(t.idempotencyKey),
  ],
);

/**
 * Mail waiting to be sent (and what became of it). A message is written here in the same transaction
 * as the event that causes it; a worker sends it (server/mail). `data` holds what the template needs.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    template: text("template").notNull(),
    data: jsonb("data").notNull().$type<Record<string, unknown>>(),
    /** pending, sending, sent or failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

// ─── Certification program (issue 18, credentials; the staff console of issue 19 shares it) ──────────
// Services that change these rows live in server/credentials/ and write an audit_log row in the same
// transaction; staff routes reuse those services instead of writing the tables themselves.

/** Binary file content (PostgreSQL bytea; PGlite and node-postgres both return a Buffer/Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * An exam registration: one per paid order line (an order buys one exam today, so line is 1), or a
 * free retake after an indeterminate score (orderId null, source "free_retake"). The voucher code is
 * what the candidate gives the proctoring service; it is random (not guessable) and unique.
 * state: paid → cancelled (refunded within 24 hours of purchase) | used (an attempt was recorded).
 */
export const examRegistrations = pgTable(
  "exam_registrations",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    line: integer("line").notNull().default(1),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    certId: integer("cert_id").notNull(),
    voucherCode: text("voucher_code").notNull(),
    /** order or free_retake */
    source: text("source").notNull().default("order"),
    /** paid, cancelled, used, or forfeited (the candidate agreement declined at the start of the exam) */
    state: text("state").notNull().default("paid"),
    /** extra minutes granted on an accommodation request for this exam (staff decision), carried to the exam */
    extraMinutes: integer("extra_minutes").notNull().default(0),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundRef: text("refund_ref"),
  },
  (t) => [
    uniqueIndex("exam_registrations_voucher_idx").on(t.voucherCode),
    uniqueIndex("exam_registrations_order_line_idx").on(t.orderId, t.line),
    index("exam_registrations_user_idx").on(t.userId, t.certId),
  ],
);

/**
 * One sitting of an exam with its result. `result` is computed from the score against the exam's
 * passing score in app/data/exams.ts (pass or fail), or "indeterminate" when the score is declared
 * invalid (policies §4: a free retake is offered). One attempt per registration (the voucher is used).
 */
export const examAttempts = pgTable(
  "exam_attempts",
  {
    id: serial("id").primaryKey(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => examRegistrations.id, { onDelete: "restrict" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    certId: integer("cert_id").notNull(),
    takenOn: date("taken_on", { mode: "string" }).notNull(),
    /** percent correct, e.g. 74.44; null for an indeterminate score */
    scorePercent: real("score_percent"),
    /** pass, fail or indeterminate */
    result: text("result").notNull(),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("exam_attempts_registration_idx").on(t.registrationId),
    index("exam_attempts_user_idx").on(t.userId, t.certId),
  ],
);

/**
 * A certification earned by a passing attempt. credentialId is random and public (verification URL,
 * QR code, certificate). The holder's name is kept as it was when issued (what the certificate shows).
 * expiresAt = the start of the current cycle + 3 years; a renewal starts a new cycle. The state
 * (active, grace, lapsed, expired, invalidated) is computed in server/credentials/state.ts, never stored.
 */
export const certificationsTable = pgTable(
  "certifications",
  {
    id: serial("id").primaryKey(),
    credentialId: text("credential_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    certId: integer("cert_id").notNull(),
    attemptId: integer("attempt_id").references(() => examAttempts.id, { onDelete: "restrict" }),
    holderFirstName: text("holder_first_name").notNull(),
    holderLastName: text("holder_last_name").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    cycleStartedAt: timestamp("cycle_started_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    invalidatedAt: timestamp("invalidated_at", { withTimezone: true }),
    invalidationReason: text("invalidation_reason"),
    invalidatedBy: integer("invalidated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("certifications_credential_idx").on(t.credentialId),
    index("certifications_user_idx").on(t.userId, t.certId),
    index("certifications_expires_idx").on(t.expiresAt),
  ],
);

/**
 * The signed Open Badges 3.0 credentials of a certification (docs/decisions/0017): one per certification and
 * validity end (a renewal makes a new one), signed once and kept as issued. `id` is its place in the
 * revocation status list; `signingKey` the public key (multibase) that signed it, which stays in the DID
 * document while `validUntil` is ahead. `publicJson` names the holder by a salted hash of the e-mail
 * address; `holderJson` (downloaded by the holder) adds the name.
 */
export const issuedCredentials = pgTable(
  "issued_credentials",
  {
    id: serial("id").primaryKey(),
    certificationId: integer("certification_id")
      .notNull()
      .references(() => certificationsTable.id, { onDelete: "restrict" }),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    signingKey: text("signing_key").notNull(),
    publicJson: text("public_json").notNull(),
    holderJson: text("holder_json").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("issued_credentials_cycle_idx").on(t.certificationId, t.validUntil),
    index("issued_credentials_key_idx").on(t.signingKey, t.validUntil),
  ],
);

/**
 * Uploaded files (continuing-education evidence, accommodation documents): PDF, PNG or JPEG, type
 * checked by content, size-limited, served only to the owner and staff.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** evidence or accommodation_document */
    purpose: text("purpose").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    requestId: integer("request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId), index("uploads_request_idx").on(t.requestId)],
);

/**
 * The bytes of an upload, 32 KiB a row, written as they arrive (server/uploads/uploads.ts): a large
 * file never sits whole in memory nor in one long statement that others would queue behind. Uploads
 * stored before (uploads.data non-empty) keep their bytes in uploads.data.
 */
export const uploadChunks = pgTable(
  "upload_chunks",
  {
    uploadId: integer("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);

/**
 * A continuing-education activity claimed toward renewal (20 units per cycle).
 * reviewState: pending → approved | rejected (with reviewReason).
 */
export const ceActivities = pgTable(
  "ce_activities",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    certificationId: integer("certification_id")
      .notNull()
      .references(() => certificationsTable.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    provider: text("provider").notNull(),
    activityDate: date("activity_date", { mode: "string" }).notNull(),
    category: text("category").notNull(),
    units: real("units").notNull(),
    evidenceUploadId: integer("evidence_upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "restrict" }),
    /** pending, approved or rejected */
    reviewState: text("review_state").notNull().default("pending"),
    reviewReason: text("review_reason"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ce_activities_cert_idx").on(t.certificationId),
    index("ce_activities_review_idx").on(t.reviewState, t.createdAt),
  ],
);

/**
 * Requests the policies promise: accommodation, certification_appeal, sanction_appeal, complaint.
 * state: open → granted | denied (accommodation, appeals) | resolved (complaint); dueAt is when the
 * decision is due (accommodation 7 days, appeal 72 hours, complaint and sanction appeal 30 days).
 * windowEndsAt is the submission deadline the request was checked against (for the record).
 */
export const requests = pgTable(
  "requests",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    state: text("state").notNull().default("open"),
    certId: integer("cert_id"),
    certificationId: integer("certification_id").references(() => certificationsTable.id, { onDelete: "set null" }),
    /** the decision, notification or issue the request is about, and when it happened */
    subject: text("subject").notNull(),
    eventAt: timestamp("event_at", { withTimezone: true }),
    /** accommodation: the date the candidate means to register (at least 20 days later) */
    plannedRegistrationOn: date("planned_registration_on", { mode: "string" }),
    details: text("details").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    decision: text("decision"),
    /** accommodation granted: extra exam minutes (carried on the candidate's vouchers for the exam) */
    extraMinutes: integer("extra_minutes"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("requests_reference_idx").on(t.reference),
    index("requests_user_idx").on(t.userId),
    index("requests_queue_idx").on(t.kind, t.state, t.dueAt),
  ],
);

/**
 * Renewal notices sent: one row per (certification, stage, cycle), inserted in the same transaction
 * as the e-mail in the outbox, so a notice goes out once across restarts and instances.
 * stage: before_expiry (30 days ahead) or grace (the day the grace period starts).
 */
export const renewalNotices = pgTable(
  "renewal_notices",
  {
    id: serial("id").primaryKey(),
    certificationId: integer("certification_id")
      .notNull()
      .references(() => certificationsTable.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    /** the expiry date of the cycle the notice is about (a renewal starts a new cycle) */
    cycleExpiresAt: timestamp("cycle_expires_at", { withTimezone: true }).notNull(),
    outboxId: integer("outbox_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("renewal_notices_once_idx").on(t.certificationId, t.stage, t.cycleExpiresAt)],
);

/**
 * THE AUDIT LOG, shared by the credential services (issue 18) and the staff console (issue 19): every
 * state change and every staff action, append-only (nothing deletes or updates a row). Write it with
 * `audit(tx, {...})` from server/audit/audit.ts in the transaction of the change.
 * - actorId/actorRole: who (null actor = the system, e.g. the renewal job); at: when
 * - action: what, as "<entity>.<verb>" (e.g. "registration.cancel", "attempt.record", "request.decide")
 * - entity + entityId: the record; fromState/toState: the state change, if any
 * - before/after: the record's relevant fields before and after (JSON), reason: a note or decision text
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    fromState: text("from_state"),
    toState: text("to_state"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
  ],
);

// ---- Security (issue 13/14.4): limits shared by every server process --------------------------------

/**
 * Rate-limit counters (server/auth/limits.ts): one row per key (a scope and a hashed subject such as
 * an e-mail or a client address), counting attempts in a fixed window that ends at `resetAt`.
 * Kept in the database so that every server process on one PostgreSQL shares them.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

// ---- Mail and account recovery (issue 17) ----

/**
 * One-time tokens sent by e-mail: a password reset (60 minutes), an address confirmation (24 hours),
 * or the confirmation of a new address (`email` holds the address to switch to). Only a SHA-256 hash
 * of the token is stored; a token is used once (`usedAt`).
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** reset, confirm or change-email */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_idx").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
  ],
);

// ---------------------------------------------------------------------------------------------
// Staff console (issue 19): staff invitations and the handling of inquiries. Staff actions write
// the shared audit_log above (server/audit/audit.ts).
// ---------------------------------------------------------------------------------------------

/**
 * Invitations to the console (and the first admin's set-password link from `npm run admin:create`).
 * Only a SHA-256 hash of the token is stored; a token works once, before `expiresAt`.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    /** staff or admin */
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_idx").on(t.tokenHash),
    index("staff_invitations_email_idx").on(t.emailKey),
  ],
);

/** Whether an inquiry has been dealt with, and by whom. One row per handled inquiry. */
export const inquiryHandling = pgTable("inquiry_handling", {
  inquiryId: integer("inquiry_id")
    .primaryKey()
    .references(() => inquiries.id, { onDelete: "cascade" }),
  handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
  handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
});

/** Replies sent to an inquiry from the console, kept with the message (the mail goes through the outbox). */
export const inquiryReplies = pgTable(
  "inquiry_replies",
  {
    id: serial("id").primaryKey(),
    inquiryId: integer("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    outboxId: integer("outbox_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inquiry_replies_inquiry_idx").on(t.inquiryId)],
);

// ---------------------------------------------------------------------------------------------
// The exam engine (issue 27): the item bank, delivered sittings and their saved answers.
// ---------------------------------------------------------------------------------------------

/**
 * Item versions (server/exams/bank/import.ts). An item keeps its version while its content (stem,
 * options, key, rationale, reference, check, domain) is unchanged; a changed item gets a new row with the
 * next version; an item missing from a newly imported bank is retired (state "retired"). Forms refer to
 * (itemId, version), so a sitting can always be rebuilt and rescored.
 */
export const examItems = pgTable(
  "exam_items",
  {
    id: serial("id").primaryKey(),
    itemId: text("item_id").notNull(),
    version: integer("version").notNull(),
    certId: integer("cert_id").notNull(),
    domain: text("domain").notNull(),
    stem: text("stem").notNull(),
    options: jsonb("options").notNull().$type<string[]>(),
    /** index (0-3) of the correct option in `options` */
    key: integer("key").notNull(),
    rationale: text("rationale").notNull(),
    reference: text("reference"),
    check: jsonb("check").$type<Record<string, unknown>>(),
    /**
     * draft, in_review, approved (deliverable) or retired (server/items/states.ts). Bank files import as
     * approved; the console's authoring (issue 30.2) writes drafts that a second SME approves.
     */
    state: text("state").notNull().default("approved"),
    /**
     * An approved version marked pretest (issue 30.3) is delivered only as one of a form's unscored pretest
     * items (PRETEST_ITEMS, app/data/exam-delivery.ts), never as a scored item.
     */
    pretest: boolean("pretest").notNull().default(false),
    contentHash: text("content_hash").notNull(),
    /** the bank the version came from ("public-sample" for the repository's) */
    bank: text("bank").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    // ---- authoring in the console (issue 30.2); null for versions imported from bank files ----
    /** the SME who wrote this version */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** the second SME who approved (or returned) it */
    reviewerId: integer("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** why the reviewer sent it back to its author */
    reviewNote: text("review_note"),
    /** the key check's last run on this content: passed, failed or not_run; null when the item has no check */
    checkStatus: text("check_status"),
    checkOutput: text("check_output"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("exam_items_version_idx").on(t.itemId, t.version),
    index("exam_items_deliverable_idx").on(t.certId, t.state, t.domain),
    // an item has at most one version being written or reviewed at a time
    uniqueIndex("exam_items_open_idx")
      .on(t.itemId)
      .where(sql`${t.state} in ('draft', 'in_review')`),
  ],
);

/**
 * The cut-score study (issue 30.6): one rater's modified Angoff rating of an item version, the percentage of
 * minimally competent candidates who would answer it correctly (0-100). A rater's new rating replaces theirs.
 */
export const angoffRatings = pgTable(
  "angoff_ratings",
  {
    id: serial("id").primaryKey(),
    certId: integer("cert_id").notNull(),
    itemId: text("item_id").notNull(),
    version: integer("version").notNull(),
    /** null once the rater's account is deleted (the rating stays in the study) */
    raterId: integer("rater_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    ratedAt: timestamp("rated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("angoff_ratings_rater_idx").on(t.itemId, t.version, t.raterId),
    index("angoff_ratings_exam_idx").on(t.certId),
  ],
);

/**
 * A staff decision on an exam's passing score (decision 0025), with its reason and the study's recommendation
 * at the time. The published score stays in app/data/exams.ts and changes by a release that cites the decision.
 */
export const cutScoreDecisions = pgTable("cut_score_decisions", {
  id: serial("id").primaryKey(),
  certId: integer("cert_id").notNull(),
  passingScore: integer("passing_score").notNull(),
  publishedScore: integer("published_score").notNull(),
  recommended: real("recommended"),
  reason: text("reason").notNull(),
  decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
  decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an SME accepted before first access (issue 30.1): the non-disclosure agreement ("nda") and the
 * declaration of no conflict of interest ("coi"), each with the version of its text (app/data/sme-agreement.ts)
 * and when. Rows are only added: a new version of a text is accepted anew.
 */
export const smeAgreements = pgTable(
  "sme_agreements",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    version: text("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sme_agreements_user_idx").on(t.userId, t.kind)],
);

/** One position of a form: the item version and the option order the candidate sees, with opaque ids. */
export interface FormPosition {
  itemId: string;
  version: number;
  domain: string;
  /** original option indexes in display order */
  order: number[];
  /** opaque option ids in display order */
  optionIds: string[];
  /** an unscored pretest item (issue 30.3): left out of the score and of the domain report */
  pretest?: boolean;
}

/**
 * A pause of the clock: from, and to (null while it lasts). `by`: a proctor's pause, or the heartbeat
 * rule's when the exam page fell silent (server/proctoring); absent on pauses written before issue 28.
 */
export interface Pause {
  from: string;
  to: string | null;
  by?: "proctor" | "disconnect";
}

/**
 * One delivery of an exam (server/exams): the form drawn from `seed`, the clock (start, allowed minutes by
 * source, pauses; `deadlineAt` is derived by server/exams/clock.ts and stored for the closing job), the tab
 * holding it, and once closed the score and the report, computed once. The result is also an
 * exam_attempts row (recordResult), `attemptId`. status: open → submitted | expired.
 */
export const examSittings = pgTable(
  "exam_sittings",
  {
    id: serial("id").primaryKey(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => examRegistrations.id, { onDelete: "restrict" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    certId: integer("cert_id").notNull(),
    seed: text("seed").notNull(),
    form: jsonb("form").notNull().$type<FormPosition[]>(),
    status: text("status").notNull().default("open"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    baseMinutes: integer("base_minutes").notNull(),
    eslMinutes: integer("esl_minutes").notNull().default(0),
    accommodationMinutes: integer("accommodation_minutes").notNull().default(0),
    addedMinutes: integer("added_minutes").notNull().default(0),
    pauses: jsonb("pauses").notNull().$type<Pause[]>().default([]),
    /** derived from the above (null while paused) */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    holderId: text("holder_id").notNull(),
    /** holders that were taken over from (their requests get taken_over) */
    formerHolders: jsonb("former_holders").notNull().$type<string[]>().default([]),
    lastPosition: integer("last_position").notNull().default(1),
    agreementVersion: text("agreement_version").notNull(),
    agreementAcceptedAt: timestamp("agreement_accepted_at", { withTimezone: true }).notNull(),
    nameConfirmedAt: timestamp("name_confirmed_at", { withTimezone: true }).notNull(),
    country: text("country").notNull(),
    province: text("province"),
    eslNote: text("esl_note"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** submit or deadline */
    endedBy: text("ended_by"),
    correct: integer("correct"),
    scored: integer("scored"),
    report: jsonb("report").$type<Record<string, unknown>>(),
    attemptId: integer("attempt_id").references(() => examAttempts.id, { onDelete: "restrict" }),
    /** the exam page's last sign of life (its heartbeat, issue 28.5); null until the first one */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** a proctor's or the return window's end of the exam: the outcome and the reason the candidate reads */
    endOutcome: text("end_outcome"),
    endReason: text("end_reason"),
  },
  (t) => [
    uniqueIndex("exam_sittings_registration_idx").on(t.registrationId),
    index("exam_sittings_user_idx").on(t.userId),
    index("exam_sittings_due_idx").on(t.status, t.deadlineAt),
  ],
);

/**
 * Exposure (issue 30.5), maintained: for each item of an exam (by item id, all its versions), the number of
 * forms that carried it. Counted up in the transaction that stores a sitting's form (server/items/exposure.ts),
 * so an exam start reads one row per item instead of every stored form; the migration that made it counted
 * the forms stored before.
 */
export const itemExposure = pgTable(
  "item_exposure",
  {
    certId: integer("cert_id").notNull(),
    itemId: text("item_id").notNull(),
    forms: integer("forms").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.certId, t.itemId] })],
);

/** The saved state of one question of a sitting; `seq` orders saves (a lower or equal one is ignored). */
export const examSittingAnswers = pgTable(
  "exam_sitting_answers",
  {
    sittingId: integer("sitting_id")
      .notNull()
      .references(() => examSittings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    choice: text("choice"),
    flagged: boolean("flagged").notNull().default(false),
    struck: jsonb("struck").notNull().$type<string[]>().default([]),
    seq: integer("seq").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sittingId, t.position] })],
);

/**
 * What happened around a proctored sitting besides its answers (issue 28.4-5): a proctor's message to the
 * candidate (`message`, shown once on the exam page), an incident report (`incident`), and a camera frame
 * the exam page took (`frame`, its bytes a private upload, purpose exam_frame). Kept with the sitting for
 * an appeal.
 */
export const proctorEvents = pgTable(
  "proctor_events",
  {
    id: serial("id").primaryKey(),
    sittingId: integer("sitting_id")
      .notNull()
      .references(() => examSittings.id, { onDelete: "cascade" }),
    /** message, incident or frame */
    kind: text("kind").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text"),
    uploadId: integer("upload_id").references(() => uploads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("proctor_events_sitting_idx").on(t.sittingId, t.kind, t.id)],
);

// ---- What a running server tells the command-line tools (issue 31.4) ----

/**
 * Settings a server process records for the command-line tools that read the database: `public_url`, the
 * address its links start with (PUBLIC_URL, or http://HOST:PORT), so `npm run mail:list` prints the server's
 * links rather than ones built from its own environment.
 */
export const serverSettings = pgTable("server_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Online proctoring: booking a time (issue 28.1) ----

/**
 * When proctors are on duty, set by staff (one row, id 1; without it the defaults of app/data/booking.ts:
 * the office hours). Days are ISO weekdays (1 Monday … 7 Sunday); times are "HH:MM" in Central time
 * (America/Chicago). Slots start every SLOT_MINUTES from `startTime` and end by `endTime`.
 */
export const proctoringHours = pgTable("proctoring_hours", {
  id: integer("id").primaryKey(),
  days: jsonb("days").notNull().$type<number[]>(),
  startTime: text("start_time").notNull(),
  endTime: text("end_time").notNull(),
  seatsPerSlot: integer("seats_per_slot").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The seats taken in one slot (a row per slot start that was ever booked). A booking takes a seat with one
 * conditional update (`taken < seats`), so two candidates racing for the last seat cannot both get it, on
 * PGlite and on PostgreSQL alike; cancelling or rescheduling gives the seat back.
 */
export const bookingSlots = pgTable("booking_slots", {
  startsAt: timestamp("starts_at", { withTimezone: true }).primaryKey(),
  taken: integer("taken").notNull().default(0),
});

/**
 * The booked start time of a voucher (one row per registration). status: booked → cancelled (the candidate,
 * before the start: the voucher stays paid and can be booked again) | no_show (no check-in by the window's
 * end: the fee is forfeited) | started (the exam began). `reminderSentAt`: the reminder e-mail 24 hours before.
 */
export const examBookings = pgTable(
  "exam_bookings",
  {
    id: serial("id").primaryKey(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => examRegistrations.id, { onDelete: "restrict" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    status: text("status").notNull().default("booked"),
    /** the candidate's time zone when booking (IANA name), for the e-mails */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** changes so far (booked again, moved, cancelled): the calendar file's SEQUENCE */
    sequence: integer("sequence").notNull().default(0),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("exam_bookings_registration_idx").on(t.registrationId),
    index("exam_bookings_due_idx").on(t.status, t.startsAt),
  ],
);

// ---- Online proctoring: the system check kept, and check-in (issue 28.2, 28.3) ----

/**
 * A signed-in candidate's system check result, with the browser it ran in (`browserId`: a random id the
 * page keeps in that browser's localStorage). Check-in asks for a passing result from the same browser.
 */
export const systemCheckResults = pgTable(
  "system_check_results",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browserId: text("browser_id").notNull(),
    /** passed, attention or failed */
    verdict: text("verdict").notNull(),
    checks: jsonb("checks").notNull().$type<Record<string, string>>(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("system_check_results_user_idx").on(t.userId, t.browserId)],
);

/**
 * A check-in for a booked exam: the photos (private uploads, purpose `check_in`), the testing country, the
 * guardian's authorisation of a candidate aged 17 or under, and the proctor's decision. status: submitted →
 * approved | rejected (with a reason the candidate reads; `rejectKind` site: the booking is freed for a free
 * rebook, candidate: the candidate may check in again within the window). `filesDeletedAt`: the retention job
 * removed the photos.
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => examBookings.id, { onDelete: "restrict" }),
    registrationId: integer("registration_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("submitted"),
    /** upload ids by role: photo, idFront, idBack, area (4), room (the scan's frames) */
    files: jsonb("files").notNull().$type<Record<string, number[]>>(),
    country: text("country").notNull(),
    province: text("province"),
    birthDate: text("birth_date").notNull(),
    guardianName: text("guardian_name"),
    browserId: text("browser_id").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    rejectReason: text("reject_reason"),
    rejectKind: text("reject_kind"),
    filesDeletedAt: timestamp("files_deleted_at", { withTimezone: true }),
  },
  (t) => [index("check_ins_status_idx").on(t.status), index("check_ins_booking_idx").on(t.bookingId)],
);
