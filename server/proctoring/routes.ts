import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  addTimeEndpoint,
  endSessionEndpoint,
  frameImageEndpoint,
  frameUploadEndpoint,
  heartbeatEndpoint,
  incidentEndpoint,
  liveSessionsEndpoint,
  pauseSessionEndpoint,
  proctorSessionEndpoint,
  resumeSessionEndpoint,
  sendMessageEndpoint,
} from "../../app/schemas/proctoring";
import { fromContract } from "../contract";
import type { CloseContext } from "../exams/sittings";
import { actorOf, requireUser, userOf } from "../plugins/session";
import {
  addTime,
  endSession,
  frameBytes,
  heartbeat,
  liveSessions,
  pauseSession,
  proctorSession,
  recordEvent,
  resumeSession,
  storeFrame,
} from "./sessions";

type Opts = { now?: () => Date };

function contextOf(app: FastifyInstance, opts: Opts) {
  return (): CloseContext => ({
    publicUrl: app.mail.publicUrl,
    now: opts.now?.() ?? new Date(),
    onRecorded: () => app.mail.worker.kick(),
  });
}

/**
 * The proctor's console API under /api/staff/proctoring (issue 28.4), registered in the proctoring scope of
 * server/app.ts (with the check-in queue), whose hook lets proctors, staff and admins through. A proctor
 * reaches only that scope: the rest of /api/staff is staff and admin only.
 */
export async function proctorRoutes(app: FastifyInstance, opts: Opts = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = contextOf(app, opts);

  r.route({
    ...fromContract(liveSessionsEndpoint),
    async handler(_request, reply) {
      const c = ctx();
      return reply.status(200).send({ sessions: await liveSessions(app.db, c), now: c.now!.toISOString() });
    },
  });
  r.route({
    ...fromContract(proctorSessionEndpoint),
    async handler(request, reply) {
      return reply.status(200).send({ session: await proctorSession(app.db, request.params.id, ctx()) });
    },
  });
  r.route({
    ...fromContract(pauseSessionEndpoint),
    async handler(request, reply) {
      const session = await pauseSession(app.db, request.params.id, actorOf(request), ctx(), request.body.note);
      return reply.status(200).send({ session });
    },
  });
  r.route({
    ...fromContract(resumeSessionEndpoint),
    async handler(request, reply) {
      return reply
        .status(200)
        .send({ session: await resumeSession(app.db, request.params.id, actorOf(request), ctx()) });
    },
  });
  r.route({
    ...fromContract(addTimeEndpoint),
    async handler(request, reply) {
      const session = await addTime(app.db, request.params.id, request.body, actorOf(request), ctx());
      return reply.status(200).send({ session });
    },
  });
  // a message to the candidate and an incident report: both an event of the session with its text
  for (const [endpoint, kind] of [
    [sendMessageEndpoint, "message"],
    [incidentEndpoint, "incident"],
  ] as const)
    r.route({
      ...fromContract(endpoint),
      async handler(request, reply) {
        const event = { kind, text: request.body.text };
        const session = await recordEvent(app.db, request.params.id, event, actorOf(request), ctx());
        return reply.status(200).send({ session });
      },
    });
  r.route({
    ...fromContract(endSessionEndpoint),
    async handler(request, reply) {
      const ended = await endSession(app.db, request.params.id, request.body, actorOf(request), ctx());
      return reply.status(200).send({ ended });
    },
  });
  r.get(frameImageEndpoint.path, { schema: fromContract(frameImageEndpoint).schema }, async (request, reply) => {
    const bytes = await frameBytes(app.db, request.params.id);
    return reply
      .header("content-type", "image/jpeg")
      .header("cache-control", "private, no-store")
      .header("content-disposition", "inline")
      .send(bytes);
  });
}

/** The exam page's heartbeat and camera frames (issue 28.5): the candidate holding the sitting. */
export async function examPageProctoringRoutes(app: FastifyInstance, opts: Opts = {}) {
  app.addHook("preHandler", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = contextOf(app, opts);

  /** what the exam page sent, for the sitting its path names, the signed-in candidate's */
  const fromPage = <B extends object>(request: FastifyRequest<{ Params: { id: number } }> & { body: B }) => ({
    id: request.params.id,
    userId: userOf(request).id,
    ...request.body,
  });

  r.route({
    ...fromContract(heartbeatEndpoint),
    async handler(request, reply) {
      const beat = await heartbeat(app.db, fromPage(request), ctx());
      return reply.header("cache-control", "no-store").status(200).send(beat);
    },
  });
  r.route({
    ...fromContract(frameUploadEndpoint),
    async handler(request, reply) {
      return reply.status(201).send(await storeFrame(app.db, fromPage(request), ctx()));
    },
  });
}
