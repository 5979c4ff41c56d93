import { emailField, passwordField } from "./auth";
import { endpoint } from "./endpoint";
import { inquiryKinds } from "./inquiry";
import { optionalText, requiredText } from "./text";
import { userSchema } from "./user";
import { z } from "./zod";

/**
 * The staff console's API (issue 19). Every path under /staff answers only to staff and admin
 * accounts (server/app.ts registers them in one guarded scope); the invitation endpoints are public
 * because the person invited has no account yet.
 */

export const staffRoles = ["staff", "admin"] as const;

/** Paging for every console list: page from 1, page size up to 100. */
const pageFields = {
  page: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,6}$/, "Not a page number.")), z.transform(Number))),
  pageSize: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, "Not a page size.")),
      z.pipe(z.transform(Number), z.number().check(z.minimum(1), z.maximum(100))),
    ),
  ),
};
const dateParam = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31.")),
    z.transform((s) => s),
  ),
);
const idParams = z.object({ id: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)) });

// ---- members and invitations ---------------------------------------------------------------------

export const inviteSchema = z.strictObject({
  email: emailField,
  role: z.enum(staffRoles, { error: "Choose staff or admin." }),
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

export const staffMembersEndpoint = endpoint({
  method: "GET",
  path: "/staff/members",
  response: { 200: z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) }) },
});

export const inviteStaffEndpoint = endpoint({
  method: "POST",
  path: "/staff/members/invitations",
  body: inviteSchema,
  response: { 201: z.object({ invitation: invitationSchema }) },
});

export const revokeStaffEndpoint = endpoint({
  method: "POST",
  path: "/staff/members/:id/revoke",
  params: idParams,
  response: { 204: z.null() },
});

export const withdrawInvitationEndpoint = endpoint({
  method: "POST",
  path: "/staff/invitations/:id/withdraw",
  params: idParams,
  response: { 204: z.null() },
});

/** Public: what an invitation link is for (the page shows it before the password is set). */
export const invitationLookupEndpoint = endpoint({
  method: "POST",
  path: "/invitations/lookup",
  body: z.strictObject({ token: z.string().check(z.maxLength(128)) }),
  response: {
    200: z.object({
      email: z.string(),
      role: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      expiresAt: z.string(),
    }),
  },
});

const nameField = (message: string) => requiredText(message, 80, "Please use at most 80 characters.");

export const acceptInvitationSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(128)),
  firstName: nameField("Please enter your first name."),
  lastName: nameField("Please enter your last name."),
  password: passwordField,
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** Public: sets the password from an invitation and signs the new staff member in. */
export const acceptInvitationEndpoint = endpoint({
  method: "POST",
  path: "/invitations/accept",
  body: acceptInvitationSchema,
  response: { 200: z.object({ user: userSchema, token: z.string() }) },
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

export const auditQuerySchema = z.strictObject({
  actor: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,9}$/, "Not an account id.")), z.transform(Number))),
  action: optionalText(60),
  entity: optionalText(60),
  entityId: optionalText(60),
  from: dateParam,
  to: dateParam,
  ...pageFields,
});

export const auditLogEndpoint = endpoint({
  method: "GET",
  path: "/staff/audit",
  querystring: auditQuerySchema,
  response: { 200: z.object({ entries: z.array(auditEntrySchema), total: z.number() }) },
});

// ---- inbox ---------------------------------------------------------------------------------------

export const inboxQuerySchema = z.strictObject({
  kind: z.optional(z.enum(inquiryKinds)),
  handled: z.optional(z.enum(["yes", "no"])),
  from: dateParam,
  to: dateParam,
  q: optionalText(200),
  ...pageFields,
});
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

export const inboxEndpoint = endpoint({
  method: "GET",
  path: "/staff/inquiries",
  querystring: inboxQuerySchema,
  response: { 200: z.object({ inquiries: z.array(inquiryRowSchema), total: z.number() }) },
});

/** The same filters as the list, as a CSV file (every matching message, not one page). */
export const inboxExportEndpoint = endpoint({
  method: "GET",
  path: "/staff/inquiries/export.csv",
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

export const inquiryEndpoint = endpoint({
  method: "GET",
  path: "/staff/inquiries/:id",
  params: idParams,
  response: { 200: inquiryDetailSchema },
});

export const markHandledEndpoint = endpoint({
  method: "POST",
  path: "/staff/inquiries/:id/handled",
  params: idParams,
  body: z.strictObject({ handled: z.boolean() }),
  response: { 200: inquiryDetailSchema },
});

export const REPLY_LIMITS = { subject: 200, body: 10000 } as const;
export const replyInputSchema = z.strictObject({
  subject: requiredText("Please write a subject.", REPLY_LIMITS.subject),
  body: requiredText("Please write your reply.", REPLY_LIMITS.body),
});
export type ReplyInput = z.input<typeof replyInputSchema>;

/** Sends a reply by e-mail (through the outbox), keeps it with the message and marks it handled. */
export const replyEndpoint = endpoint({
  method: "POST",
  path: "/staff/inquiries/:id/replies",
  params: idParams,
  body: replyInputSchema,
  response: { 201: inquiryDetailSchema },
});
