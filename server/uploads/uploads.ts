import { createHash } from "node:crypto";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { UPLOAD_MAX_BYTES } from "../../app/data/program-rules";
import { limitKey, reserve, tooManyRequests } from "../auth/limits";
import { limitConcurrency } from "../auth/passwords";
import type { Db } from "../db/client";
import { uploadChunks, uploads, users } from "../db/schema";
import { HttpError } from "../errors";
import { EMAIL_MESSAGES } from "../../app/schemas/email";

/**
 * The file's type from its first bytes (never from its name or a client's claim): PDF, PNG or JPEG,
 * or null for anything else.
 */
export function sniffType(bytes: Uint8Array): "application/pdf" | "image/png" | "image/jpeg" | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  return null;
}

export const FILE_TYPE_MESSAGE = "Attach the evidence: a PDF, PNG or JPEG file up to 5 MB.";

/** The extension of each type we store: the stored name is ours, never the client's. */
const EXTENSION = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" } as const;
type StoredType = keyof typeof EXTENSION;

/** The name a stored file is served under: what it is, its id and the extension of its checked type. */
export const storedFileName = (purpose: string, id: number, contentType: string) =>
  `${purpose === "evidence" ? "evidence" : "document"}-${id}.${EXTENSION[contentType as StoredType] ?? "bin"}`;

/** Bytes per stored chunk: small enough that writing one never holds the database for long. */
export const UPLOAD_CHUNK_BYTES = 32 * 1024;

/**
 * What one account may upload: requests with files per hour (every upload route), and bytes kept in all
 * (a file beyond the quota is refused with the reason).
 */
export const UPLOAD_LIMITS = {
  perAccount: { max: 10, windowMs: 60 * 60_000 },
  quotaBytes: 60 * 1024 * 1024,
};

// One chunk is written at a time in this process: a flood of uploads waits its turn here, while the other
// requests' queries pass between the chunks.
const writing = limitConcurrency(1);

/**
 * Lets the event loop run (timers, sockets: other requests) before the next chunk. The embedded database
 * answers in the same thread, and a chain of its queries never yields by itself: without this, a 5 MB file
 * held every other request for its whole 1.5-3 s.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const refused = (field: string, message: string) =>
  new HttpError(400, "validation_failed", message, { [field]: message });

/**
 * Before an upload route reads its body: the account's address must be confirmed, its hourly number of
 * upload requests not used up, and its stored files under the quota.
 */
export async function admitUpload(db: Db, userId: number): Promise<void> {
  const [user] = await db.select({ confirmedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user?.confirmedAt) throw new HttpError(403, "email_unconfirmed", EMAIL_MESSAGES.mustConfirmUpload);
  const turn = await reserve(db, limitKey("upload-account", String(userId)), UPLOAD_LIMITS.perAccount);
  if (!turn.allowed)
    throw tooManyRequests(
      turn.retryAfterSeconds,
      `You have sent ${UPLOAD_LIMITS.perAccount.max} uploads in the last hour. Please wait before sending more.`,
    );
  const [used] = await db
    .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint` })
    .from(uploads)
    .where(and(eq(uploads.ownerId, userId), gte(uploads.size, 0)));
  if (Number(used?.bytes ?? 0) + UPLOAD_MAX_BYTES > UPLOAD_LIMITS.quotaBytes)
    throw new HttpError(
      413,
      "quota_exceeded",
      `Your account holds ${Math.round(UPLOAD_LIMITS.quotaBytes / 1024 / 1024)} MB of files, the most it may keep. Write to us if you need to send more.`,
    );
}

/**
 * Stores one uploaded file as it arrives: its type is checked from its first bytes (PDF, PNG or JPEG, or
 * it is refused before anything is kept), its size is counted (at most 5 MB), and its bytes go to the
 * database 32 KiB at a time. The stored name is generated (storedFileName); the client's name and
 * extension decide nothing. On any refusal what was written is removed.
 */
export async function streamUpload(
  db: Db,
  file: AsyncIterable<Buffer>,
  input: { ownerId: number; purpose: string; field: string; message?: string },
): Promise<{ id: number; fileName: string; contentType: string; size: number }> {
  const bad = () => refused(input.field, input.message ?? FILE_TYPE_MESSAGE);
  const hash = createHash("sha256");
  let held: Buffer[] = [];
  let heldBytes = 0;
  let size = 0;
  let seq = 0;
  let id: number | undefined;
  let contentType: StoredType | null = null;
  const start = async () => {
    contentType = sniffType(Buffer.concat(held));
    if (!contentType) throw bad();
    const [row] = await db
      .insert(uploads)
      .values({
        ownerId: input.ownerId,
        purpose: input.purpose,
        fileName: "pending",
        contentType,
        size: -1, // not complete yet (the quota counts complete files only)
        sha256: "",
        data: Buffer.alloc(0),
      })
      .returning({ id: uploads.id });
    id = row!.id;
  };
  const write = async (chunk: Buffer) => {
    const at = seq++;
    await writing(async () => {
      await db.insert(uploadChunks).values({ uploadId: id!, seq: at, data: chunk });
      await yieldToOthers();
    });
  };
  const take = (n: number) => {
    const all = Buffer.concat(held);
    held = all.length > n ? [all.subarray(n)] : [];
    heldBytes = all.length - n;
    return all.subarray(0, n);
  };
  try {
    try {
      for await (const piece of file) {
        size += piece.length;
        if (size > UPLOAD_MAX_BYTES) throw bad();
        hash.update(piece);
        held.push(piece);
        heldBytes += piece.length;
        if (id === undefined && heldBytes >= 8) await start();
        while (id !== undefined && heldBytes >= UPLOAD_CHUNK_BYTES) await write(take(UPLOAD_CHUNK_BYTES));
      }
    } catch (e) {
      // the multipart parser's own size limit, or a body cut off: the same answer as a file too large
      if (e instanceof HttpError) throw e;
      throw bad();
    }
    if (size === 0) throw bad();
    if (id === undefined) await start();
    if (heldBytes > 0) await write(take(heldBytes));
    const fileName = storedFileName(input.purpose, id!, contentType!);
    await db
      .update(uploads)
      .set({ fileName, size, sha256: hash.digest("hex") })
      .where(eq(uploads.id, id!));
    return { id: id!, fileName, contentType: contentType!, size };
  } catch (e) {
    if (id !== undefined) await db.delete(uploads).where(eq(uploads.id, id));
    throw e;
  }
}

/** Removes uploads that were stored for a request or activity that was then refused. */
export async function discardUploads(db: Db, ids: number[]): Promise<void> {
  for (const id of ids) await db.delete(uploads).where(eq(uploads.id, id));
}

/** A stored file's bytes, chunk by chunk (or at once for a file stored before chunks). */
export async function* uploadBytes(db: Db, file: { id: number; data: Uint8Array }): AsyncGenerator<Buffer> {
  if (file.data.length > 0) {
    yield Buffer.from(file.data);
    return;
  }
  for (let from = 0; ; from += 16) {
    const rows = await db
      .select({ data: uploadChunks.data })
      .from(uploadChunks)
      .where(and(eq(uploadChunks.uploadId, file.id), gte(uploadChunks.seq, from)))
      .orderBy(asc(uploadChunks.seq))
      .limit(16);
    for (const r of rows) yield Buffer.from(r.data);
    if (rows.length < 16) return;
    await yieldToOthers();
  }
}
