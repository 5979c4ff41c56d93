import { emailField } from "./auth";
import { MAX_EXTRA_MINUTES } from "../data/exam-delivery";
import { endpoint, fileEndpoint, idParams, rowsUnder, wholeNumberParam } from "./endpoint";
import { inquiryKinds } from "./inquiry";
import { optionalText, plainCharacters, requiredText } from "./text";
import { z } from "./zod";

/** Staff texts the candidate reads as paragraphs (a reply, a decision, a reason) keep their line breaks (issue 25.18). */
const MULTILINE = { multiline: true } as const;

/**
 * The staff console's API (issue 19). Every path under /staff answers only to staff and admin
 * accounts (server/app.ts registers them in one guarded scope). The two public endpoints an invited person
 * uses, who has no account yet, are in schemas/invitation.ts, so the invitation page loads none of this.
 */

/** The roles an invitation gives: the console's own (every role but candidate). */
export const staffRoles = ["staff", "admin", "sme", "proctor"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** How the console and its mail name each role, with its article ("invited as a staff member"). */
export const roleTitles: Record<StaffRole, { title: string; asA: string }> = {
  staff: { title: "Staff", asA: "a staff member" },
  admin: { title: "Admin", asA: "an administrator" },
  sme: { title: "Subject-matter expert", asA: "a subject-matter expert" },
  proctor: { title: "Proctor", asA: "a proctor" },
};

/** Whether an account's role opens the console (and gets the console's shorter session). */
export const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);
export const roleTitle = (role: string) => (isStaffRole(role) ? roleTitles[role].title : role);

/**
 * The query of every console list, one shape: the list's own filters, then page (from 1), page size
 * (up to 100; the server's default is 25) and, for the lists that sort on the server, `sort`: a
 * column key for ascending, or "-" and the key for descending. The answer always carries the total.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
const pageFields = {
  page: z.optional(wholeNumberParam(6, "Not a page number.")),
  pageSize: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, "Not a page size.")),
      z.pipe(z.transform(Number), z.number().check(z.minimum(1), z.maximum(100))),
    ),
  ),
};
type SortOf<K extends string> = K | `-${K}`;
const sortField = <const K extends string>(keys: readonly [K, ...K[]]) =>
  z.optional(
    z.enum([...keys, ...keys.map((k) => `-${k}` as const)] as [SortOf<K>, ...SortOf<K>[]], {
      error: "Not a column this list sorts by.",
    }),
  );
export function listQuery<F extends Record<string, z.ZodMiniType>>(filters: F) {
  return z.strictObject({ ...filters, ...pageFields });
}
/**
 * A console list's GET: its query (listQuery above) and the answer, one page of rows under `key` with the
 * total of the rows the filters match.
 */
export function listEndpoint<
  const P extends string,
  Q extends z.ZodMiniType,
  const K extends string,
  R extends z.ZodMiniType,
>(path: P, querystring: Q, key: K, row: R) {
  const answer = z.object({ ...rowsUnder(key, row), total: z.number() });
  return endpoint("GET", path, { querystring, response: { 200: answer } });
}
export function sortedListQuery<F extends Record<string, z.ZodMiniType>, const K extends string>(
  filters: F,
  sortKeys: readonly [K, ...K[]],
) {
  return listQuery({ ...filters, sort: sortField(sortKeys) });
}

/** The columns each server-sorted list sorts by (the server maps each to SQL; the tables enable these headers). */
export const LIST_SORTS = {
  inquiries: ["createdAt", "reference", "kind", "name", "replies"],
  orders: ["createdAt", "reference", "name", "email", "examTitle", "priceCents", "status"],
  candidates: ["name", "email", "role", "createdAt", "orders", "certifications"],
} as const;

const dateParam = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31.")),
    z.transform((s) => s),
  ),
);

// ---- members and invitations ---------------------------------------------------------------------

export const inviteSchema = z.strictObject({
  email: emailField,
  role: z.enum(staffRoles, { error: "Choose one of the roles listed." }),
});
export type InviteInput = z.input<typeof inviteSchema>;

const invitationSchema = z.object({ id: z.number(), email: z.string(), role: z.string(), expiresAt: z.string() });
const memberSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
});
export type StaffMember = z.output<typeof memberSchema>;
export type StaffInvitation = z.output<typeof invitationSchema>;

export const staffMembersEndpoint = endpoint("GET", "/staff/members", {
  response: { 200: z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) }) },
});

export const inviteStaffEndpoint = endpoint("POST", "/staff/members/invitations", {
  body: inviteSchema,
  response: { 201: z.object({ invitation: invitationSchema }) },
});

export const revokeStaffEndpoint = endpoint("POST", "/staff/members/:id/revoke", {
  params: idParams,
  response: { 204: z.null() },
});

export const withdrawInvitationEndpoint = endpoint("POST", "/staff/invitations/:id/withdraw", {
  params: idParams,
  response: { 204: z.null() },
});

// ---- audit log ---------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.nullable(z.number()),
  actorEmail: z.nullable(z.string()),
  actorRole: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  fromState: z.nullable(z.string()),
  toState: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  reason: z.nullable(z.string()),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditQuerySchema = listQuery({
  actor: z.optional(wholeNumberParam(9, "Not an account id.")),
  action: optionalText(60),
  entity: optionalText(60),
  entityId: optionalText(60),
  from: dateParam,
  to: dateParam,
});

export const auditLogEndpoint = listEndpoint("/staff/audit", auditQuerySchema, "entries", auditEntrySchema);

// ---- inbox ---------------------------------------------------------------------------------------

export const inboxQuerySchema = sortedListQuery(
  {
    kind: z.optional(z.enum(inquiryKinds)),
    handled: z.optional(z.enum(["yes", "no"])),
    from: dateParam,
    to: dateParam,
    q: optionalText(200),
  },
  LIST_SORTS.inquiries,
);
export type InboxQuery = z.input<typeof inboxQuerySchema>;

const inquiryRowSchema = z.object({
  id: z.number(),
  reference: z.string(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  organization: z.nullable(z.string()),
  excerpt: z.string(),
  createdAt: z.string(),
  handledAt: z.nullable(z.string()),
  replies: z.number(),
});
export type InquiryRow = z.output<typeof inquiryRowSchema>;

export const inboxEndpoint = listEndpoint("/staff/inquiries", inboxQuerySchema, "inquiries", inquiryRowSchema);

/** The same filters as the list, as a CSV file (every matching message, not one page). */
export const inboxExportEndpoint = endpoint("GET", "/staff/inquiries/export.csv", {
  querystring: inboxQuerySchema,
  response: { 200: z.string() },
});

const replySchema = z.object({
  id: z.number(),
  authorName: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type InquiryReply = z.output<typeof replySchema>;

const inquiryDetailSchema = z.object({
  inquiry: z.object({
    id: z.number(),
    reference: z.string(),
    kind: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.nullable(z.string()),
    organization: z.nullable(z.string()),
    message: z.string(),
    createdAt: z.string(),
    handledAt: z.nullable(z.string()),
    handledBy: z.nullable(z.string()),
  }),
  replies: z.array(replySchema),
});
export type InquiryDetail = z.output<typeof inquiryDetailSchema>;

export const inquiryEndpoint = endpoint("GET", "/staff/inquiries/:id", {
  params: idParams,
  response: { 200: inquiryDetailSchema },
});

export const markHandledEndpoint = endpoint("POST", "/staff/inquiries/:id/handled", {
  params: idParams,
  body: z.strictObject({ handled: z.boolean() }),
  response: { 200: inquiryDetailSchema },
});

export const REPLY_LIMITS = { subject: 200, body: 10000 } as const;
export const replyInputSchema = z.strictObject({
  subject: requiredText("Please write a subject.", REPLY_LIMITS.subject),
  body: requiredText("Please write your reply.", REPLY_LIMITS.body, undefined, MULTILINE),
});
export type ReplyInput = z.input<typeof replyInputSchema>;

/** Sends a reply by e-mail (through the outbox), keeps it with the message and marks it handled. */
export const replyEndpoint = endpoint("POST", "/staff/inquiries/:id/replies", {
  params: idParams,
  body: replyInputSchema,
  response: { 201: inquiryDetailSchema },
});

// ---- orders --------------------------------------------------------------------------------------

export const orderStatuses = ["pending", "paid", "failed", "voided", "refunded"] as const;

export const ordersQuerySchema = sortedListQuery(
  { status: z.optional(z.enum(orderStatuses)), from: dateParam, to: dateParam, q: optionalText(200) },
  LIST_SORTS.orders,
);
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

const orderRowSchema = z.object({
  id: z.number(),
  reference: z.string(),
  createdAt: z.string(),
  status: z.string(),
  examTitle: z.string(),
  priceCents: z.number(),
  currency: z.string(),
  name: z.string(),
  email: z.string(),
  userId: z.nullable(z.number()),
  card: z.nullable(z.string()),
  voucherCode: z.nullable(z.string()),
  /** paid, cancelled or used: the exam registration the order bought */
  registrationState: z.nullable(z.string()),
  /** ISO instant until which the refund policy allows a refund, or null when it cannot be refunded */
  refundableUntil: z.nullable(z.string()),
});
export type OrderRow = z.output<typeof orderRowSchema>;

export const ordersEndpoint = listEndpoint("/staff/orders", ordersQuerySchema, "orders", orderRowSchema);

/** Refunds an order within the refund policy's window, through the gateway; the voucher is cancelled. */
export const refundOrderEndpoint = endpoint("POST", "/staff/orders/:id/refund", {
  params: idParams,
  response: { 200: z.object({ order: orderRowSchema, refundReference: z.string(), message: z.string() }) },
});

// ---- candidates ----------------------------------------------------------------------------------

export const candidatesQuerySchema = sortedListQuery({ q: optionalText(200) }, LIST_SORTS.candidates);

const candidateRowSchema = z.extend(memberSchema, {
  createdAt: z.string(),
  orders: z.number(),
  certifications: z.number(),
});
export type CandidateRow = z.output<typeof candidateRowSchema>;

export const candidatesEndpoint = listEndpoint(
  "/staff/candidates",
  candidatesQuerySchema,
  "candidates",
  candidateRowSchema,
);

const requestRowSchema = z.object({
  id: z.number(),
  reference: z.string(),
  kind: z.string(),
  state: z.string(),
  userId: z.number(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  examTitle: z.nullable(z.string()),
  subject: z.string(),
  details: z.string(),
  plannedRegistrationOn: z.nullable(z.string()),
  submittedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  decision: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** accommodation granted: the extra exam minutes the candidate's vouchers for the exam carry */
  extraMinutes: z.nullable(z.number()),
  /** the supporting documents the candidate uploaded (staff open them at staffFilePath) */
  documents: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type RequestRow = z.output<typeof requestRowSchema>;

const certificationRowSchema = z.object({
  id: z.number(),
  credentialId: z.string(),
  examTitle: z.string(),
  holder: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  state: z.string(),
  invalidationReason: z.nullable(z.string()),
});
export type CertificationRowView = z.output<typeof certificationRowSchema>;

const candidateDetailSchema = z.object({
  profile: z.extend(memberSchema, {
    phone: z.nullable(z.string()),
    address: z.nullable(z.string()),
    city: z.nullable(z.string()),
    state: z.nullable(z.string()),
    zip: z.nullable(z.string()),
    emailVerified: z.boolean(),
    createdAt: z.string(),
  }),
  orders: z.array(orderRowSchema),
  vouchers: z.array(
    z.object({ id: z.number(), voucherCode: z.string(), examTitle: z.string(), source: z.string(), state: z.string() }),
  ),
  attempts: z.array(
    z.object({
      id: z.number(),
      examTitle: z.string(),
      takenOn: z.string(),
      scorePercent: z.nullable(z.number()),
      result: z.string(),
    }),
  ),
  certifications: z.array(certificationRowSchema),
  requests: z.array(requestRowSchema),
});
export type CandidateDetail = z.output<typeof candidateDetailSchema>;

export const candidateEndpoint = endpoint("GET", "/staff/candidates/:id", {
  params: idParams,
  response: { 200: candidateDetailSchema },
});

// ---- results and certifications --------------------------------------------------------------

export const RESULT_MESSAGES = {
  voucher: "Enter the voucher code.",
  date: "Enter the exam date as 2026-01-31.",
  score: "Enter a score from 0 to 100.",
  csvHeader: "The first line must be the header: voucher,date,score",
  csvEmpty: "The file has no result rows.",
  csvTooMany: "Import at most 500 rows at a time.",
} as const;
export const IMPORT_MAX_ROWS = 500;

export const recordResultSchema = z.strictObject({
  voucherCode: requiredText(RESULT_MESSAGES.voucher, 40),
  takenOn: z.string({ error: RESULT_MESSAGES.date }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, RESULT_MESSAGES.date)),
  /** percent correct; absent when the score is indeterminate */
  scorePercent: z.optional(
    z
      .number({ error: RESULT_MESSAGES.score })
      .check(z.minimum(0, RESULT_MESSAGES.score), z.maximum(100, RESULT_MESSAGES.score)),
  ),
  indeterminate: z.optional(z.boolean()),
});
export type RecordResultInput = z.input<typeof recordResultSchema>;

const recordedSchema = z.object({
  voucherCode: z.string(),
  candidate: z.string(),
  examTitle: z.string(),
  result: z.enum(["pass", "fail", "indeterminate"]),
  scorePercent: z.nullable(z.number()),
  credentialId: z.nullable(z.string()),
  freeRetakeVoucher: z.nullable(z.string()),
});
export type RecordedResult = z.output<typeof recordedSchema>;

/** Records one result: a pass issues the certification at once, indeterminate a free retake voucher. */
export const recordResultEndpoint = endpoint("POST", "/staff/results", {
  body: recordResultSchema,
  response: { 201: z.object({ recorded: recordedSchema }) },
});

export const importResultsSchema = z.strictObject({
  csv: z
    .string({ error: RESULT_MESSAGES.csvEmpty })
    .check(z.minLength(1, RESULT_MESSAGES.csvEmpty), z.maxLength(60_000), ...plainCharacters(true)),
  /** false: check every row and report (nothing is stored); true: record them all (only when every row is valid) */
  commit: z.boolean(),
});

const importRowSchema = z.object({
  line: z.number(),
  voucherCode: z.string(),
  takenOn: z.string(),
  score: z.string(),
  /** what recording the row gives, or the reason it cannot be recorded */
  outcome: z.nullable(z.enum(["pass", "fail", "indeterminate"])),
  candidate: z.nullable(z.string()),
  error: z.nullable(z.string()),
});
export type ImportRow = z.output<typeof importRowSchema>;

export const importResultsEndpoint = endpoint("POST", "/staff/results/import", {
  body: importResultsSchema,
  response: {
    200: z.object({ rows: z.array(importRowSchema), errors: z.number(), committed: z.array(recordedSchema) }),
  },
});

export const invalidateSchema = z.strictObject({
  reason: requiredText("Please give the reason for invalidating the certification.", 2000, undefined, MULTILINE),
});
export type InvalidateInput = z.input<typeof invalidateSchema>;

export const invalidateCertificationEndpoint = endpoint("POST", "/staff/certifications/:id/invalidate", {
  params: idParams,
  body: invalidateSchema,
  response: { 200: z.object({ certification: certificationRowSchema }) },
});

export const reinstateSchema = z.strictObject({
  reason: requiredText("Please give the reason for reinstating the certification.", 2000, undefined, MULTILINE),
});
export type ReinstateInput = z.input<typeof reinstateSchema>;

/**
 * Reinstates an invalidated certification (an appeal upheld, an investigation closed): its signed
 * credential's revocation bit is cleared at once (issue 29), and the decision is audited with its reason.
 */
export const reinstateCertificationEndpoint = endpoint("POST", "/staff/certifications/:id/reinstate", {
  params: idParams,
  body: reinstateSchema,
  response: { 200: z.object({ certification: certificationRowSchema }) },
});

// ---- queues: requests and continuing education -----------------------------------------------

/** The console's queues of requests, and the request kinds each holds. */
export const REQUEST_QUEUES = {
  accommodations: ["accommodation"],
  appeals: ["certification_appeal", "sanction_appeal"],
  complaints: ["complaint"],
} as const;
export type RequestQueue = keyof typeof REQUEST_QUEUES;
export const requestQueues = ["accommodations", "appeals", "complaints"] as const;

export const requestsQuerySchema = listQuery({
  queue: z.enum(requestQueues),
  /** open (the default), decided or all */
  state: z.optional(z.enum(["open", "decided", "all"])),
});

export const requestsEndpoint = listEndpoint("/staff/requests", requestsQuerySchema, "requests", requestRowSchema);

export const DECISION_MESSAGES = {
  outcome: "Choose the decision.",
  decision: "Please write the decision the candidate will read.",
  wrongOutcome: "This decision does not apply to this kind of request.",
  reason: "Please give the reason for rejecting the activity.",
} as const;

/** The extra minutes field of the staff accommodation decision (carried on the candidate's vouchers for the exam). */
const extraMinutesField = z.optional(
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^\s*\d{0,3}\s*$/, "Enter the extra minutes as a whole number."))]),
    z.pipe(
      z.transform((v: number | string) => (typeof v === "string" ? Number(v.trim() || 0) : v)),
      z
        .number()
        .check(
          z.int("Enter the extra minutes as a whole number."),
          z.minimum(0, "Extra minutes cannot be negative."),
          z.maximum(MAX_EXTRA_MINUTES, `Grant at most ${MAX_EXTRA_MINUTES} extra minutes.`),
        ),
    ),
  ),
);

export const decideRequestSchema = z.strictObject({
  /** accommodation and appeals: granted or denied; complaint: resolved */
  outcome: z.enum(["granted", "denied", "resolved"], { error: DECISION_MESSAGES.outcome }),
  decision: requiredText(DECISION_MESSAGES.decision, 4000, undefined, MULTILINE),
  /** accommodation granted: extra minutes on the exam (0 or absent: none); refused for other decisions */
  extraMinutes: extraMinutesField,
});
export type DecideRequestInput = z.input<typeof decideRequestSchema>;

export const decideRequestEndpoint = endpoint("POST", "/staff/requests/:id/decide", {
  params: idParams,
  body: decideRequestSchema,
  response: { 200: z.object({ request: requestRowSchema }) },
});

const activityRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  credentialId: z.string(),
  title: z.string(),
  provider: z.string(),
  activityDate: z.string(),
  category: z.string(),
  units: z.number(),
  evidenceUploadId: z.number(),
  evidenceName: z.string(),
  evidenceUrl: z.string(),
  reviewState: z.string(),
  reviewReason: z.nullable(z.string()),
  createdAt: z.string(),
  /** whole days since it was submitted (no review period is published; the queue is oldest first) */
  waitingDays: z.number(),
  /** the certification's current cycle, and whether the activity's date falls in it (issue 25.12) */
  cycleStartsOn: z.string(),
  cycleEndsOn: z.string(),
  countsInCycle: z.boolean(),
});
export type ActivityRow = z.output<typeof activityRowSchema>;

export const activitiesQuerySchema = listQuery({
  state: z.optional(z.enum(["pending", "approved", "rejected", "all"])),
});

export const activitiesEndpoint = listEndpoint(
  "/staff/ce-activities",
  activitiesQuerySchema,
  "activities",
  activityRowSchema,
);

export const reviewActivitySchema = z.strictObject({
  outcome: z.enum(["approved", "rejected"], { error: DECISION_MESSAGES.outcome }),
  reason: optionalText(2000, undefined, MULTILINE),
});
export type ReviewActivityInput = z.input<typeof reviewActivitySchema>;

export const reviewActivityEndpoint = endpoint("POST", "/staff/ce-activities/:id/review", {
  params: idParams,
  body: reviewActivitySchema,
  response: { 200: z.object({ activity: activityRowSchema }) },
});

// ---- files ------------------------------------------------------------------------------------

/** Where staff open an uploaded file (a request's document, an activity's evidence): a download, staff only. */
export const staffFilePath = (uploadId: number) => `/api/staff/files/${uploadId}`;

/** The file's bytes as an attachment (its stored, sniffed content type; nosniff); errors are the usual JSON. */
export const staffFileEndpoint = fileEndpoint("/staff/files/:id", idParams);

// ---- dashboard -------------------------------------------------------------------------------

const queueCountSchema = z.object({
  queue: z.enum(["accommodations", "appeals", "complaints", "ce-activities", "inbox"]),
  open: z.number(),
  overdue: z.number(),
});

export const dashboardEndpoint = endpoint("GET", "/staff/dashboard", {
  response: {
    200: z.object({
      queues: z.array(queueCountSchema),
      /** every open request past its due date, the longest overdue first */
      overdue: z.array(requestRowSchema),
      refundableOrders: z.number(),
    }),
  },
});
