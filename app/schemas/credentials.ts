import { CE_CATEGORIES, CERTIFICATION_STATES, UPLOAD_MAX_BYTES } from "../data/program-rules";
import { endpoint, fileEndpoint, idParams, rowsEndpoint, wholeNumberParam } from "./endpoint";
import { multilineText, requiredText } from "./text";
import { z } from "./zod";

/**
 * The candidate's side of the certification program (issue 18): exams bought (vouchers), results,
 * certifications, continuing education and verification. Server: server/certifications/routes.ts and
 * server/credentials/verify-routes.ts; browser: `call(endpoint, input)` (app/lib/api/client.ts).
 */

export const registrationSchema = z.object({
  id: z.number(),
  certId: z.number(),
  examTitle: z.string(),
  voucherCode: z.string(),
  /** paid; started (an exam sitting is open on the site); used (a result is recorded); cancelled (refunded); forfeited (the candidate agreement declined) */
  state: z.enum(["paid", "started", "used", "cancelled", "forfeited"]),
  source: z.enum(["order", "free_retake"]),
  purchasedAt: z.string(),
  /** ISO instant until which the purchase can be cancelled, or null */
  cancellableUntil: z.nullable(z.string()),
});
export type RegistrationView = z.output<typeof registrationSchema>;

export const myExamsEndpoint = rowsEndpoint("/me/exams", "exams", registrationSchema);

export const cancelExamEndpoint = endpoint("POST", "/me/exams/:id/cancel", {
  params: idParams,
  response: { 200: z.object({ exam: registrationSchema, message: z.string() }) },
});

export const resultSchema = z.object({
  id: z.number(),
  examTitle: z.string(),
  takenOn: z.string(),
  scorePercent: z.nullable(z.number()),
  passingScore: z.string(),
  result: z.enum(["pass", "fail", "indeterminate"]),
});
export type ResultView = z.output<typeof resultSchema>;
export const myResultsEndpoint = rowsEndpoint("/me/results", "results", resultSchema);

export const certificationStateSchema = z.enum(CERTIFICATION_STATES);

export const myCertificationSchema = z.object({
  id: z.number(),
  credentialId: z.string(),
  examTitle: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string(),
  /** the first day of the current cycle (issue or last renewal): continuing education counts from it */
  cycleStartsOn: z.string(),
  state: certificationStateSchema,
  daysToExpiry: z.number(),
  approvedUnits: z.number(),
  renewal: z.object({ allowed: z.boolean(), reason: z.optional(z.string()) }),
  invalidationReason: z.nullable(z.string()),
});
export type MyCertification = z.output<typeof myCertificationSchema>;

export const myCertificationsEndpoint = rowsEndpoint("/me/certifications", "certifications", myCertificationSchema);

export const renewCertificationEndpoint = endpoint("POST", "/me/certifications/:id/renew", {
  params: idParams,
  response: { 200: z.object({ certification: myCertificationSchema }) },
});

/** Can the signed-in candidate buy this exam now? (the retake rules, an open accommodation request) */
export const eligibilityEndpoint = endpoint("GET", "/exams/:certId/eligibility", {
  params: z.object({ certId: wholeNumberParam(4) }),
  response: {
    200: z.object({
      allowed: z.boolean(),
      code: z.optional(z.string()),
      message: z.optional(z.string()),
      availableOn: z.optional(z.string()),
    }),
  },
});

// ─── stable addresses of a certification (the QR code, the PDF, e-mail and the account use these) ──

/** The public verification page of a certification: the visitor adds the holder's last name. */
export const verifyPath = (credentialId: string) => `/verify?id=${encodeURIComponent(credentialId)}`;
/** The certification's Open Badges 3.0 credential (public JSON-LD). */
export const badgePath = (credentialId: string) => `/api/credentials/${encodeURIComponent(credentialId)}/badge.json`;
/** The certification's full credential, with the holder's name (the holder only, from the account). */
export const holderCredentialPath = (credentialId: string) =>
  `/api/me/certifications/${encodeURIComponent(credentialId)}/credential.json`;
/** A revocation status list of the credentials (W3C Bitstring Status List), signed. */
export const statusListPath = (list: number) => `/api/credentials/status/${list}`;
/** The coalition's DID document (did:web): the keys that sign its credentials. */
export const didDocumentPath = "/.well-known/did.json";
/** The certificate PDF (holder and staff only). */
export const certificatePdfPath = (credentialId: string) =>
  `/api/me/certifications/${encodeURIComponent(credentialId)}/certificate.pdf`;

// ─── verification ───────────────────────────────────────────────────────────────────────────────

export const VERIFY_MESSAGES = {
  id: "Enter the credential ID printed on the certificate, like CITB-ABCD-EFGH-JKMN-PQRS.",
  lastName: "Enter the holder's last name.",
  notFound:
    "No certification matches this credential ID and last name. Check both against the certificate and try again.",
} as const;

export const verifyQuerySchema = z.strictObject({
  id: requiredText(VERIFY_MESSAGES.id, 40, VERIFY_MESSAGES.id),
  lastName: requiredText(VERIFY_MESSAGES.lastName, 80, "A last name must be at most 80 characters."),
});
export type VerifyQueryInput = z.input<typeof verifyQuerySchema>;

/** What a verifier concluded from a signed credential (server/credentials/signing.ts). */
export const CREDENTIAL_CHECK_RESULTS = [
  "valid",
  "expired",
  "revoked",
  "not_issued",
  "not_yet_valid",
  "unreadable",
] as const;
export const credentialCheckSchema = z.object({
  /** valid, expired, revoked, not_issued (a bad signature or another issuer), not_yet_valid, unreadable */
  result: z.enum(CREDENTIAL_CHECK_RESULTS),
  /** the same in a sentence */
  message: z.string(),
  /** what the credential says, when its signature is the coalition's */
  credential: z.optional(
    z.object({
      id: z.string(),
      achievement: z.string(),
      validFrom: z.string(),
      validUntil: z.string(),
      signedWith: z.string(),
    }),
  ),
  /** the verifier's reason when a check failed */
  reason: z.optional(z.string()),
});
export type CredentialCheckView = z.output<typeof credentialCheckSchema>;

export const verificationSchema = z.object({
  credentialId: z.string(),
  holder: z.string(),
  exam: z.string(),
  issued: z.string(),
  expires: z.string(),
  state: certificationStateSchema,
  /** the signed Open Badges credential of the certification, verified: signature, status and dates */
  signedCredential: credentialCheckSchema,
});
export type Verification = z.output<typeof verificationSchema>;

/** The `:credentialId` of a path (the public id printed on the certificate). */
const credentialParams = z.object({ credentialId: z.string().check(z.maxLength(60)) });

export const verifyEndpoint = endpoint("GET", "/verify/:credentialId", {
  params: credentialParams,
  querystring: z.object({ lastName: z.optional(z.string().check(z.maxLength(200))) }),
  response: { 200: verificationSchema },
});

/**
 * POST /api/credentials/verify: verifies a credential file (the body is the credential's JSON) the way
 * /verify does. Public, rate-limited per client.
 */
export const verifyDocumentEndpoint = endpoint("POST", "/credentials/verify", {
  body: z.unknown(),
  response: { 200: credentialCheckSchema },
});

/** The largest credential file /verify reads (the API's body limit is 64 KiB). */
export const CREDENTIAL_FILE_MAX_BYTES = 60 * 1024;

// ─── continuing education ───────────────────────────────────────────────────────────────────────

export const CE_MESSAGES = {
  title: "Enter the activity's title.",
  provider: "Enter who provided the activity.",
  date: "Enter the date of the activity (not in the future).",
  category: "Choose a category.",
  units: "Enter the units earned, from 0.5 to 20 in steps of 0.5.",
  file: "Attach the evidence: a PDF, PNG or JPEG file up to 5 MB.",
  certification: "Choose the certification the units count toward.",
} as const;

/** A real calendar day "YYYY-MM-DD" from 1900 to 2099: "2027-02-30" is refused (Date.parse rolls it into March). */
const isoDate = (message: string) =>
  z.string({ error: message }).check(
    z.regex(/^(19|20)\d{2}-\d{2}-\d{2}$/, message),
    z.refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
    }, message),
  );

/**
 * A file the browser sends as a file part of a multipart/form-data body (the upload routes stream it).
 * The server decides its type from its bytes, never from its name or the type the browser gives.
 */
export const fileSchema = z.custom<Blob>(
  (v) => typeof Blob !== "undefined" && v instanceof Blob && v.size > 0 && v.size <= UPLOAD_MAX_BYTES,
  { error: CE_MESSAGES.file },
);

export const ceActivitySchema = z.strictObject({
  certificationId: z.number({ error: CE_MESSAGES.certification }).check(z.int(CE_MESSAGES.certification)),
  title: requiredText(CE_MESSAGES.title, 200),
  provider: requiredText(CE_MESSAGES.provider, 200),
  activityDate: isoDate(CE_MESSAGES.date),
  category: z.enum(CE_CATEGORIES, { error: CE_MESSAGES.category }),
  units: z
    .number({ error: CE_MESSAGES.units })
    .check(z.gte(0.5, CE_MESSAGES.units), z.lte(20, CE_MESSAGES.units), z.multipleOf(0.5, CE_MESSAGES.units)),
  evidence: fileSchema,
});
export type CeActivityInput = z.input<typeof ceActivitySchema>;

export const ceActivityViewSchema = z.object({
  id: z.number(),
  certificationId: z.number(),
  credentialId: z.string(),
  title: z.string(),
  provider: z.string(),
  activityDate: z.string(),
  category: z.string(),
  units: z.number(),
  evidenceName: z.string(),
  evidenceUrl: z.string(),
  reviewState: z.enum(["pending", "approved", "rejected"]),
  reviewReason: z.nullable(z.string()),
  /** dated within the certification's current cycle, so its units can count (server/credentials/state.ts) */
  countsInCycle: z.boolean(),
});
export type CeActivityView = z.output<typeof ceActivityViewSchema>;

export const myActivitiesEndpoint = rowsEndpoint("/me/education", "activities", ceActivityViewSchema);

export const addActivityEndpoint = endpoint("POST", "/me/education", {
  body: ceActivitySchema,
  multipart: true,
  response: { 201: z.object({ activity: ceActivityViewSchema }) },
});

// ─── files (the answer is the file's bytes, not JSON; errors are the usual error body) ──────────

export const evidenceFileEndpoint = fileEndpoint("/me/education/:id/evidence", idParams);
export const certificatePdfEndpoint = fileEndpoint(
  "/me/certifications/:credentialId/certificate.pdf",
  credentialParams,
);
export const certificateQrEndpoint = fileEndpoint("/me/certifications/:credentialId/qr.svg", credentialParams);
/** A signed revocation status list (W3C Bitstring Status List credential), public at a stable URL. */
export const statusListEndpoint = fileEndpoint(
  "/credentials/status/:list",
  z.object({ list: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,5}$/)), z.transform(Number)) }),
);
/** The holder's own credential with the name in clear (JSON-LD, signed), from the account. */
export const holderCredentialEndpoint = fileEndpoint(
  "/me/certifications/:credentialId/credential.json",
  credentialParams,
);
/** The certification's Open Badges 3.0 credential (JSON-LD), public at a stable URL. */
export const badgeEndpoint = fileEndpoint("/credentials/:credentialId/badge.json", credentialParams);

// ─── requests the policies promise (accommodation, appeals, complaints) ─────────────────────────

export const REQUEST_KINDS = ["accommodation", "certification_appeal", "sanction_appeal", "complaint"] as const;
export type RequestKindName = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABELS: Record<RequestKindName, string> = {
  accommodation: "Special accommodation request",
  certification_appeal: "Appeal of a certification decision",
  sanction_appeal: "Code of Ethics sanction appeal",
  complaint: "Complaint",
};
/** The same in a sentence ("We received your …"): proper nouns keep their capitals. */
export const REQUEST_KIND_NOUNS: Record<RequestKindName, string> = {
  accommodation: "special accommodation request",
  certification_appeal: "appeal of a certification decision",
  sanction_appeal: "Code of Ethics sanction appeal",
  complaint: "complaint",
};
export const REQUEST_STATE_LABELS: Record<string, string> = {
  open: "Under review",
  granted: "Granted",
  denied: "Denied",
  resolved: "Resolved",
};

export const REQUEST_MESSAGES = {
  exam: "Choose the exam you mean to register for.",
  plannedOn: "Enter the date you plan to register.",
  details: "Describe your request in at least 20 characters.",
  detailsTooLong: "Please keep it under 4000 characters.",
  documents: "Attach at least one supporting document: a PDF, PNG or JPEG file up to 5 MB (at most 3 files).",
  decision: "Choose the decision you appeal.",
  subject: "Say what the request is about.",
  eventOn: "Enter the date (not in the future).",
} as const;

const detailsText = multilineText(
  REQUEST_MESSAGES.details,
  20,
  REQUEST_MESSAGES.details,
  4000,
  REQUEST_MESSAGES.detailsTooLong,
);

export const accommodationRequestSchema = z.strictObject({
  certId: z.number({ error: REQUEST_MESSAGES.exam }).check(z.int(REQUEST_MESSAGES.exam)),
  plannedRegistrationOn: isoDate(REQUEST_MESSAGES.plannedOn),
  details: detailsText,
  documents: z
    .array(fileSchema)
    .check(z.minLength(1, REQUEST_MESSAGES.documents), z.maxLength(3, REQUEST_MESSAGES.documents)),
});
export type AccommodationRequestInput = z.input<typeof accommodationRequestSchema>;

export const appealRequestSchema = z.strictObject({
  /** "result:<attempt id>" or "invalidation:<certification id>" (from the list GET /me/requests gives) */
  decision: z
    .string({ error: REQUEST_MESSAGES.decision })
    .check(z.regex(/^(result|invalidation):\d{1,9}$/, REQUEST_MESSAGES.decision)),
  details: detailsText,
});
export type AppealRequestInput = z.input<typeof appealRequestSchema>;

/** A Code of Ethics sanction appeal or a complaint: what it is about and the date of the notification or issue. */
export const datedRequestSchema = z.strictObject({
  subject: requiredText(REQUEST_MESSAGES.subject, 200),
  eventOn: isoDate(REQUEST_MESSAGES.eventOn),
  details: detailsText,
});
export type DatedRequestInput = z.input<typeof datedRequestSchema>;

export const requestViewSchema = z.object({
  id: z.number(),
  reference: z.string(),
  kind: z.enum(REQUEST_KINDS),
  state: z.string(),
  subject: z.string(),
  submittedAt: z.string(),
  dueAt: z.string(),
  plannedRegistrationOn: z.nullable(z.string()),
  decision: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  documents: z.number(),
});
export type RequestView = z.output<typeof requestViewSchema>;

/** A decision the candidate may appeal, with the end of its 72-hour window. */
export const appealableSchema = z.object({
  value: z.string(),
  label: z.string(),
  decidedAt: z.string(),
  appealBy: z.string(),
  open: z.boolean(),
});
export type Appealable = z.output<typeof appealableSchema>;

export const myRequestsEndpoint = endpoint("GET", "/me/requests", {
  response: { 200: z.object({ requests: z.array(requestViewSchema), appealable: z.array(appealableSchema) }) },
});
const created = { 201: z.object({ request: requestViewSchema, message: z.string() }) };
export const accommodationRequestEndpoint = endpoint("POST", "/me/requests/accommodation", {
  body: accommodationRequestSchema,
  multipart: true,
  response: created,
});
/** A request without files (an appeal, a complaint): POST /me/requests/<kind> with its JSON body. */
const requestEndpoint = <const K extends string, B extends z.ZodMiniType>(kind: K, body: B) =>
  endpoint("POST", `/me/requests/${kind}`, { body, response: created });
export const appealRequestEndpoint = requestEndpoint("certification-appeal", appealRequestSchema);
export const sanctionAppealEndpoint = requestEndpoint("sanction-appeal", datedRequestSchema);
export const complaintEndpoint = requestEndpoint("complaint", datedRequestSchema);
