import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AREA_PHOTOS, CHECK_IN_MESSAGES, ROOM_SCAN_MAX_FRAMES, ROOM_SCAN_MIN_FRAMES } from "../../app/data/booking";
import {
  approveCheckInEndpoint,
  checkInEndpoint,
  checkInFieldsSchema,
  checkInFileEndpoint,
  checkInQueueEndpoint,
  myCheckInEndpoint,
  myCheckInFileEndpoint,
  rejectCheckInEndpoint,
  systemCheckResultEndpoint,
} from "../../app/schemas/check-in";
import { fromContract } from "../contract";
import { registerMultipart } from "../uploads/upload-form";
import { admitUpload, discardUploads, storedFileName, streamUpload, uploadBytes } from "../uploads/uploads";
import { HttpError } from "../errors";
import { actorOf, requireUser, userOf } from "../plugins/session";
import {
  approveCheckIn,
  CHECK_IN_PURPOSE,
  checkInFile,
  checkInFileUrls,
  checkInView,
  keepSystemCheck,
  latestCheckIn,
  openWindowBooking,
  passedSystemCheck,
  pendingCheckIns,
  rejectCheckIn,
  submitCheckIn,
} from "./check-ins";

/** How many photos of each kind a check-in takes (at least, at most). */
const FILE_ROLES: Record<string, [number, number]> = {
  photo: [1, 1],
  idFront: [1, 1],
  idBack: [1, 1],
  area: [AREA_PHOTOS, AREA_PHOTOS],
  room: [ROOM_SCAN_MIN_FRAMES, ROOM_SCAN_MAX_FRAMES],
};
const MAX_FILES = Object.values(FILE_ROLES).reduce((n, [, max]) => n + max, 0);

/** A check-in photo, private: never stored by a cache, never sniffed into another type. */
function sendCheckInFile(app: FastifyInstance, reply: FastifyReply, file: Awaited<ReturnType<typeof checkInFile>>) {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `inline; filename="${storedFileName(file.purpose, file.id, file.contentType)}"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .header("content-length", String(file.size))
    .send(Readable.from(uploadBytes(app.db, file)));
}

/** The candidate's side: the system check result and check-in (issue 28.2, 28.3), under /api/me. */
export async function checkInRoutes(app: FastifyInstance, opts: { now?: () => Date } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => opts.now?.() ?? new Date();
  app.addHook("preHandler", requireUser);
  await registerMultipart(app, MAX_FILES);

  r.route({
    ...fromContract(systemCheckResultEndpoint),
    async handler(request, reply) {
      await keepSystemCheck(app.db, {
        userId: userOf(request).id,
        browserId: request.body.browserId,
        verdict: request.body.verdict,
        checks: request.body.checks,
        userAgent: request.headers["user-agent"],
      });
      return reply.status(201).send({ kept: true });
    },
  });

  r.route({
    ...fromContract(myCheckInEndpoint),
    async handler(request, reply) {
      const c = await latestCheckIn(app.db, userOf(request).id, request.params.id);
      return reply.status(200).send({ checkIn: c ? checkInView(c) : null, files: c ? checkInFileUrls(c, "me") : {} });
    },
  });

  // the candidate sees their own check-in photos (as the proctors do), until the retention job deletes them
  r.route({
    ...fromContract(myCheckInFileEndpoint),
    async handler(request, reply) {
      const file = await checkInFile(app.db, request.params.id, request.params.fileId, userOf(request).id);
      return sendCheckInFile(app, reply, file);
    },
  });

  r.route({
    ...fromContract(checkInEndpoint),
    async handler(request, reply) {
      const user = userOf(request);
      if (!request.isMultipart())
        throw new HttpError(415, "unsupported_media_type", "Send check-in as multipart/form-data, with its photos.");
      const at = now();
      // the window first: nothing is stored outside it
      await openWindowBooking(app.db, user.id, request.params.id, at);
      await admitUpload(app.db, user.id);
      const files: Record<string, number[]> = {};
      const fields: Record<string, string> = {};
      const stored = () => Object.values(files).flat();
      const bad = (message: string, field = "files") =>
        new HttpError(400, "validation_failed", message, { [field]: message });
      try {
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") {
              const limits = FILE_ROLES[part.fieldname];
              if (!limits || (files[part.fieldname]?.length ?? 0) >= limits[1]) {
                part.file.resume();
                throw bad(CHECK_IN_MESSAGES.files);
              }
              const f = await streamUpload(app.db, part.file, {
                ownerId: user.id,
                purpose: CHECK_IN_PURPOSE,
                field: part.fieldname,
                message: "Each check-in photo must be a PNG or JPEG image up to 5 MB.",
              });
              if (f.contentType === "application/pdf") {
                await discardUploads(app.db, [f.id]);
                throw bad("Each check-in photo must be a PNG or JPEG image up to 5 MB.", part.fieldname);
              }
              (files[part.fieldname] ??= []).push(f.id);
            } else if (typeof part.value === "string" && !(part.fieldname in fields))
              fields[part.fieldname] = part.value;
          }
        } catch (e) {
          if (e instanceof HttpError) throw e;
          throw bad(CHECK_IN_MESSAGES.files);
        }
        for (const [role, [min]] of Object.entries(FILE_ROLES))
          if ((files[role]?.length ?? 0) < min) throw bad(CHECK_IN_MESSAGES.files, role);
        const parsed = checkInFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const named: Record<string, string> = {};
          for (const issue of parsed.error.issues) named[String(issue.path[0] ?? "form")] ??= issue.message;
          throw new HttpError(400, "validation_failed", Object.values(named)[0] ?? "Check the form.", named);
        }
        const v = parsed.data;
        if (!(await passedSystemCheck(app.db, user.id, v.browserId)))
          throw new HttpError(409, "system_check_required", CHECK_IN_MESSAGES.systemCheck);
        const c = await submitCheckIn(app.db, {
          userId: user.id,
          registrationId: request.params.id,
          files,
          country: v.country,
          province: v.province,
          birthDate: v.birthDate,
          guardianName: v.guardianName,
          guardianAuthorised: v.guardianAuthorised === "true",
          browserId: v.browserId,
          now: at,
        });
        return reply.status(201).send({ checkIn: checkInView(c) });
      } catch (e) {
        await discardUploads(app.db, stored());
        throw e;
      }
    },
  });
}

/**
 * The proctor's check-in queue under /api/staff/check-ins, registered in the proctoring scope of server/app.ts
 * (proctors, staff and admins): pending check-ins with their photos and the registration name, approve,
 * reject. Every decision is audited.
 */
export async function proctorCheckInRoutes(app: FastifyInstance, opts: { now?: () => Date } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => opts.now?.() ?? new Date();

  r.route({
    ...fromContract(checkInQueueEndpoint),
    async handler(_request, reply) {
      return reply.status(200).send({ checkIns: await pendingCheckIns(app.db) });
    },
  });

  r.route({
    ...fromContract(checkInFileEndpoint),
    async handler(request, reply) {
      const file = await checkInFile(app.db, request.params.id, request.params.fileId);
      return sendCheckInFile(app, reply, file);
    },
  });

  r.route({
    ...fromContract(approveCheckInEndpoint),
    async handler(request, reply) {
      const c = await approveCheckIn(app.db, request.params.id, actorOf(request), now());
      return reply.status(200).send({ checkIn: checkInView(c) });
    },
  });

  r.route({
    ...fromContract(rejectCheckInEndpoint),
    async handler(request, reply) {
      const c = await rejectCheckIn(app.db, request.params.id, actorOf(request), request.body, now());
      return reply.status(200).send({ checkIn: checkInView(c) });
    },
  });
}
