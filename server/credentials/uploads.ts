import { createHash } from "node:crypto";
import { UPLOAD_MAX_BYTES } from "../../app/data/program-rules";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { HttpError } from "../errors";

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

/** Decodes, checks (type by content, size) and stores an upload; answers its id. */
export async function storeUpload(
  tx: Db,
  input: { ownerId: number; purpose: string; name: string; base64: string; requestId?: number; field?: string },
): Promise<{ id: number; fileName: string; contentType: string }> {
  const field = input.field ?? "evidence";
  const bytes = Buffer.from(input.base64, "base64");
  if (bytes.length === 0 || bytes.length > UPLOAD_MAX_BYTES)
    throw new HttpError(400, "validation_failed", FILE_TYPE_MESSAGE, { [field]: FILE_TYPE_MESSAGE });
  const contentType = sniffType(bytes);
  if (!contentType) throw new HttpError(400, "validation_failed", FILE_TYPE_MESSAGE, { [field]: FILE_TYPE_MESSAGE });
  // the stored name keeps letters, digits, dots, dashes and underscores only (it goes into a header)
  const fileName =
    input.name
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^[._]+/, "")
      .slice(0, 100) || "evidence";
  const [row] = await tx
    .insert(uploads)
    .values({
      ownerId: input.ownerId,
      purpose: input.purpose,
      fileName,
      contentType,
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      data: bytes,
      requestId: input.requestId ?? null,
    })
    .returning({ id: uploads.id, fileName: uploads.fileName, contentType: uploads.contentType });
  return row!;
}
