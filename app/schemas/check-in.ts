import { CHECK_IN_MESSAGES } from "../data/booking";
import { countryCodes, provinceCodes } from "../data/testing-countries";
import { endpoint, fileEndpoint, idParam, idParams, rowsEndpoint } from "./endpoint";
import { requiredText } from "./text";
import { z } from "./zod";

/**
 * The system check kept and check-in (issue 28.2, 28.3). Server: server/booking/check-ins.ts and its routes.
 * Check-in is multipart: the fields below, and the files photo, idFront, idBack, area (4) and room (the scan's
 * frames), each a PNG or JPEG.
 */
const browserId = z
  .string({ error: CHECK_IN_MESSAGES.systemCheck })
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, CHECK_IN_MESSAGES.systemCheck));
const verdict = z.enum(["passed", "attention", "failed"]);

/** POST /me/system-check/result: a signed-in result, with the browser it ran in. */
export const systemCheckResultEndpoint = endpoint("POST", "/me/system-check/result", {
  body: z.strictObject({
    browserId,
    verdict,
    checks: z.record(z.enum(["camera", "connection", "display", "browser"]), verdict),
  }),
  response: { 201: z.object({ kept: z.literal(true) }) },
});

export const checkInFieldsSchema = z.strictObject({
  browserId,
  country: z.enum(countryCodes as [string, ...string[]], { error: "Choose the country you are testing in." }),
  province: z.optional(z.enum(provinceCodes as unknown as [string, ...string[]])),
  birthDate: z.iso.date({ error: CHECK_IN_MESSAGES.birthDate }),
  guardianName: z.optional(requiredText("Give the guardian's name.", 120, "The name is too long.")),
  guardianAuthorised: z.optional(z.literal("true")),
});

export const checkInStatusSchema = z.object({
  id: z.number(),
  status: z.enum(["submitted", "approved", "rejected"]),
  rejectReason: z.nullable(z.string()),
  rejectKind: z.nullable(z.enum(["candidate", "site"])),
  submittedAt: z.string(),
});

/** POST /me/exams/:id/check-in (multipart): the check-in of the voucher's booking, in its window. */
export const checkInEndpoint = endpoint("POST", "/me/exams/:id/check-in", {
  params: idParams,
  multipart: true,
  body: checkInFieldsSchema,
  response: { 201: z.object({ checkIn: checkInStatusSchema }) },
});

const fileParams = z.object({ id: idParam, fileId: idParam });
/** a check-in's photo URLs by role (photo, idFront, idBack, area, room); empty once the photos are deleted */
const checkInFilesSchema = z.record(z.string(), z.array(z.string()));

/** GET /me/exams/:id/check-in: the newest check-in of the voucher, or null, with the candidate's own photos. */
export const myCheckInEndpoint = endpoint("GET", "/me/exams/:id/check-in", {
  params: idParams,
  response: { 200: z.object({ checkIn: z.nullable(checkInStatusSchema), files: checkInFilesSchema }) },
});

/** GET /me/check-ins/:id/files/:fileId: one photo of the candidate's own check-in. */
export const myCheckInFileEndpoint = fileEndpoint("/me/check-ins/:id/files/:fileId", fileParams);

// ─── the proctor's queue ──────────────────────────────────────────────────────────────────────

export const queueEntrySchema = z.object({
  id: z.number(),
  /** the registration name: the account's first and last name, to compare with the ID */
  registrationName: z.string(),
  examTitle: z.string(),
  startsAt: z.string(),
  submittedAt: z.string(),
  country: z.string(),
  minor: z.boolean(),
  guardianName: z.nullable(z.string()),
  /** file URLs (under /api/staff/check-ins/:id/files/:fileId) by role */
  files: checkInFilesSchema,
});
export type QueueEntry = z.output<typeof queueEntrySchema>;

/** GET /staff/check-ins: the check-ins waiting for a proctor, oldest first. */
export const checkInQueueEndpoint = rowsEndpoint("/staff/check-ins", "checkIns", queueEntrySchema);

/** GET /staff/check-ins/:id/files/:fileId: one photo, for proctors (the candidate has GET /me/check-ins/…). */
export const checkInFileEndpoint = fileEndpoint("/staff/check-ins/:id/files/:fileId", fileParams);

export const approveCheckInEndpoint = endpoint("POST", "/staff/check-ins/:id/approve", {
  params: idParams,
  response: { 200: z.object({ checkIn: checkInStatusSchema }) },
});

export const REJECT_KINDS = {
  candidate: "The candidate's check-in (e.g. the name does not match the ID): they may check in again in the window",
  site: "Our side (e.g. a photo our system could not show): the booking is freed and rebooked free",
} as const;

export const rejectCheckInEndpoint = endpoint("POST", "/staff/check-ins/:id/reject", {
  params: idParams,
  body: z.strictObject({
    reason: requiredText("Give the reason the candidate will read.", 1000, "The reason is too long."),
    kind: z.enum(["candidate", "site"], { error: "Choose whose side the problem is on." }),
  }),
  response: { 200: z.object({ checkIn: checkInStatusSchema }) },
});
