import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { UPLOAD_MAX_BYTES } from "../../app/data/program-rules";
import type { z } from "../../app/schemas/zod";
import { admitUpload, discardUploads, streamUpload } from "./uploads";
import type { Db } from "../db/client";
import { HttpError } from "../errors";

/**
 * The multipart parser (@fastify/multipart, on busboy) for a route file with upload routes: nothing is
 * buffered whole; each file part is streamed into the database by streamUpload as it arrives.
 */
export async function registerMultipart(app: FastifyInstance, maxFiles: number) {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES + 1, // one byte more than allowed: streamUpload refuses it with the reason
      files: maxFiles,
      fields: 12,
      fieldSize: 16 * 1024,
      parts: maxFiles + 12,
      headerPairs: 50,
    },
  });
}

export interface UploadForm<T> {
  values: T;
  files: { id: number; fileName: string; contentType: string; size: number }[];
}

/**
 * Reads an upload route's multipart body: the account is admitted first (confirmed address, hourly
 * limit, quota: admitUpload), the fields are collected, every file part named `fileField` is streamed
 * into storage, then the fields are checked with `schema` (after `decode`). When anything is refused,
 * the files already stored are removed and the answer is a 400 naming the field.
 */
export async function readUploadForm<S extends z.ZodMiniType>(
  request: FastifyRequest,
  db: Db,
  opts: {
    ownerId: number;
    purpose: string;
    fileField: string;
    maxFiles: number;
    fileMessage: string;
    schema: S;
    decode: (fields: Record<string, string>) => unknown;
  },
): Promise<UploadForm<z.output<S>>> {
  if (!request.isMultipart())
    throw new HttpError(
      415,
      "unsupported_media_type",
      "Send this form as multipart/form-data, with its files attached.",
    );
  await admitUpload(db, opts.ownerId);
  const bad = (message = opts.fileMessage) =>
    new HttpError(400, "validation_failed", message, { [opts.fileField]: message });
  const fields: Record<string, string> = {};
  const files: UploadForm<unknown>["files"] = [];
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== opts.fileField || files.length >= opts.maxFiles) {
            part.file.resume();
            throw bad();
          }
          files.push(
            await streamUpload(db, part.file, {
              ownerId: opts.ownerId,
              purpose: opts.purpose,
              field: opts.fileField,
              message: opts.fileMessage,
            }),
          );
        } else if (typeof part.value === "string" && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      }
    } catch (e) {
      if (e instanceof HttpError) throw e;
      // the parser's limits (too many files or fields, a field too long) or a malformed body
      throw bad();
    }
    if (files.length === 0) throw bad();
    const parsed = (opts.schema as z.ZodMiniType).safeParse(opts.decode(fields));
    if (!parsed.success) {
      const named: Record<string, string> = {};
      for (const issue of parsed.error.issues) named[String(issue.path[0] ?? "form")] ??= issue.message;
      throw new HttpError(400, "validation_failed", "Some fields need your attention.", named);
    }
    return { values: parsed.data as z.output<S>, files };
  } catch (e) {
    await discardUploads(
      db,
      files.map((f) => f.id),
    );
    throw e;
  }
}

/** A number field of a form ("3" → 3); anything else stays as it is for the schema to refuse. */
export const numberField = (v: string | undefined) =>
  v !== undefined && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
