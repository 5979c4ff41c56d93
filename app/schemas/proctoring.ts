import { FRAME_MAX_BYTES, FRAME_MIN_INTERVAL_SECONDS, MAX_ADD_MINUTES } from "../data/proctoring";
import { endpoint, fileEndpoint, idParams } from "./endpoint";
import { clockSchema } from "./exam";
import { requiredText } from "./text";
import { z } from "./zod";

/**
 * Online proctoring (issue 28.4-6): the proctor's live sessions and actions under /staff/proctoring
 * (server/proctoring/routes.ts; proctors, staff and admins), and the exam page's heartbeat and camera
 * frames under /me/sittings/:id (the candidate holding the sitting). The rules: app/data/proctoring.ts.
 */

export const PROCTOR_MESSAGES = {
  reason: "Please give the reason the candidate will read.",
  addTimeReason: "Please give the reason for the added time (it is kept in the audit log).",
  message: "Please write the message for the candidate.",
  incident: "Please describe what happened.",
  minutes: `Add from 1 to ${MAX_ADD_MINUTES} minutes.`,
  outcome: "Choose how the exam ends: indeterminate (free retake) or suspected violation.",
  frame: "The camera frame must be a JPEG image up to 150 KB.",
  frameTooSoon: `A camera frame was kept less than ${FRAME_MIN_INTERVAL_SECONDS} seconds ago; the next one is taken later.`,
  notOpen: "This exam is no longer in progress.",
  alreadyPaused: "This exam is already paused.",
  notPaused: "This exam is not paused by a proctor.",
} as const;

const MULTILINE = { multiline: true } as const;

export const connectionStates = ["waiting", "connected", "disconnected"] as const;
export type ConnectionState = (typeof connectionStates)[number];

export const endOutcomes = ["indeterminate", "violation", "no_return"] as const;
export type EndOutcome = (typeof endOutcomes)[number];

/** One open sitting as the proctor's live view shows it. */
export const liveSessionSchema = z.object({
  id: z.number(),
  candidateName: z.string(),
  examTitle: z.string(),
  startedAt: z.string(),
  /** the exam page's last heartbeat (ISO), or null before the first */
  lastSeenAt: z.nullable(z.string()),
  /** waiting: no heartbeat yet; disconnected: silent past DISCONNECT_SECONDS (its clock is paused) */
  connection: z.enum(connectionStates),
  /** the question the candidate last opened */
  position: z.number(),
  itemCount: z.number(),
  answered: z.number(),
  clock: clockSchema,
  /** who paused the clock, while paused */
  pausedBy: z.nullable(z.enum(["proctor", "disconnect"])),
  /** the latest camera frame (its id for GET /staff/proctoring/frames/:id), or null */
  latestFrame: z.nullable(z.object({ id: z.number(), takenAt: z.string() })),
  frames: z.number(),
  incidents: z.number(),
});
export type LiveSession = z.output<typeof liveSessionSchema>;

/** GET /staff/proctoring/sessions: every open sitting, oldest first. */
export const liveSessionsEndpoint = endpoint("GET", "/staff/proctoring/sessions", {
  response: { 200: z.object({ sessions: z.array(liveSessionSchema), now: z.string() }) },
});

const eventSchema = z.object({
  id: z.number(),
  kind: z.enum(["message", "incident", "frame"]),
  text: z.nullable(z.string()),
  by: z.nullable(z.string()),
  at: z.string(),
});

/** GET /staff/proctoring/sessions/:id: one session with its messages, incidents and frames (open or ended). */
export const proctorSessionEndpoint = endpoint("GET", "/staff/proctoring/sessions/:id", {
  params: idParams,
  response: {
    200: z.object({
      session: z.extend(liveSessionSchema, {
        status: z.string(),
        endOutcome: z.nullable(z.string()),
        endReason: z.nullable(z.string()),
        events: z.array(eventSchema),
      }),
    }),
  },
});

/** What a proctor's action answers as a rule: the session as it is after the action. */
const sessionAnswer = z.object({ session: liveSessionSchema });

/** A proctor's action on a session (POST …/:id/<action>), with its body and its answer. */
function sessionAction<const A extends string, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  action: A,
  body: B,
  answer: R,
) {
  return endpoint("POST", `/staff/proctoring/sessions/:id/${action}`, {
    params: idParams,
    body,
    response: { 200: answer },
  });
}

/** POST …/pause: the clock stops until a proctor resumes it. */
export const pauseSessionEndpoint = sessionAction(
  "pause",
  z.strictObject({ note: z.optional(z.string().check(z.maxLength(500))) }),
  sessionAnswer,
);

/** POST …/resume: the clock runs again with the time that was left at the pause. */
export const resumeSessionEndpoint = sessionAction("resume", z.strictObject({}), sessionAnswer);

export const addTimeSchema = z.strictObject({
  minutes: z
    .number({ error: PROCTOR_MESSAGES.minutes })
    .check(
      z.int(PROCTOR_MESSAGES.minutes),
      z.gte(1, PROCTOR_MESSAGES.minutes),
      z.lte(MAX_ADD_MINUTES, PROCTOR_MESSAGES.minutes),
    ),
  reason: requiredText(PROCTOR_MESSAGES.addTimeReason, 1000, undefined, MULTILINE),
});
export type AddTimeInput = z.input<typeof addTimeSchema>;

/** POST …/add-time: minutes added to the clock, with the reason (audited). */
export const addTimeEndpoint = sessionAction("add-time", addTimeSchema, sessionAnswer);

export const proctorMessageSchema = z.strictObject({
  text: requiredText(PROCTOR_MESSAGES.message, 500, undefined, MULTILINE),
});

/** POST …/message: a message shown (and announced once) on the candidate's exam page. */
export const sendMessageEndpoint = sessionAction("message", proctorMessageSchema, sessionAnswer);

export const incidentSchema = z.strictObject({
  text: requiredText(PROCTOR_MESSAGES.incident, 4000, undefined, MULTILINE),
});

/** POST …/incident: an incident report kept with the attempt (for an appeal). */
export const incidentEndpoint = sessionAction("incident", incidentSchema, sessionAnswer);

export const endSessionSchema = z.strictObject({
  outcome: z.enum(["indeterminate", "violation"], { error: PROCTOR_MESSAGES.outcome }),
  reason: requiredText(PROCTOR_MESSAGES.reason, 2000, undefined, MULTILINE),
});
export type EndSessionInput = z.input<typeof endSessionSchema>;

/**
 * POST …/end: the exam ends now with a reason. indeterminate: no score, a free retake voucher (the
 * scoring policy); violation: no score, the invalidation path (notice with the reason, an appeal within
 * 72 hours at /account/requests). Either way the candidate is e-mailed the reason and the appeal route.
 */
export const endSessionEndpoint = sessionAction(
  "end",
  endSessionSchema,
  z.object({
    ended: z.object({ id: z.number(), outcome: z.enum(endOutcomes), freeRetakeVoucher: z.nullable(z.string()) }),
  }),
);

/** GET /staff/proctoring/frames/:id: one camera frame (image/jpeg), for proctors and staff only. */
export const frameImageEndpoint = fileEndpoint("/staff/proctoring/frames/:id", idParams);

// ─── the exam page ──────────────────────────────────────────────────────────────────────────────

const holderId = z
  .string()
  .check(
    z.regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "This exam page could not be identified. Please reload the page.",
    ),
  );

export const candidateMessageSchema = z.object({ id: z.number(), text: z.string(), sentAt: z.string() });
export type CandidateMessage = z.output<typeof candidateMessageSchema>;

/**
 * POST /me/sittings/:id/heartbeat: the exam page is alive (every HEARTBEAT_SECONDS). Answers the clock
 * (a proctor's pause or added time shows at once) and the proctor's messages after `afterMessageId`. A
 * page that comes back after a disconnection resumes its clock here, with the time it had left.
 */
export const heartbeatEndpoint = endpoint("POST", "/me/sittings/:id/heartbeat", {
  params: idParams,
  body: z.strictObject({ holderId, afterMessageId: z.number().check(z.int(), z.gte(0)) }),
  response: {
    200: z.object({ status: z.string(), clock: clockSchema, messages: z.array(candidateMessageSchema) }),
  },
});

/** a JPEG as a data URL, base64 (a small frame; decision 0022's multipart is for documents up to 5 MB) */
const frameData = z
  .string({ error: PROCTOR_MESSAGES.frame })
  .check(
    z.regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/, PROCTOR_MESSAGES.frame),
    z.maxLength(Math.ceil((FRAME_MAX_BYTES * 4) / 3) + 32, PROCTOR_MESSAGES.frame),
  );

/** POST /me/sittings/:id/frames: a camera frame the exam page took at a random moment. */
export const frameUploadEndpoint = endpoint("POST", "/me/sittings/:id/frames", {
  params: idParams,
  body: z.strictObject({ holderId, image: frameData }),
  response: { 201: z.object({ id: z.number(), takenAt: z.string() }) },
});
