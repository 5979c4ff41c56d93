import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../app/data/program-rules";
import { REQUEST_MESSAGES } from "../../app/schemas/credentials";
import { UPLOAD_CHUNK_BYTES, UPLOAD_LIMITS } from "./uploads";
import { uploadChunks, uploads } from "../db/schema";
import { accountWithRole } from "../testing/accounts";
import { multipartBody, postOptions, testApp, type TestContext } from "../testing/helpers";

let t: TestContext;
let staff: Awaited<ReturnType<typeof accountWithRole>>;
beforeAll(async () => {
  t = await testApp();
  staff = await accountWithRole(t.app, "admin", "files-desk@example.com");
}, 60_000);
afterAll(() => t.close());

const day = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
/** A PDF of exactly `bytes` bytes. */
const pdf = (bytes: number) => {
  const b = Buffer.alloc(bytes, 0x20);
  b.write("%PDF-1.4\n");
  return b;
};
let exam = 0;
const accommodation = (documents: { name: string; data: string }[]) => ({
  certId: (exam++ % 5) + 1,
  plannedRegistrationOn: day(),
  details: "Extra time for a documented reading condition.",
  documents,
});
const send = async (headers: Record<string, string>, body: object) =>
  t.app.inject(await postOptions("/api/me/requests/accommodation", body, headers));
const uploadRows = (ownerId: number) => t.database.db.select().from(uploads).where(eq(uploads.ownerId, ownerId));

describe("uploads are stored and served by their checked type, under our name (25.8)", () => {
  it("a PDF named .html and a PNG named .exe: kept as document-<id>.pdf and .png, downloaded as attachments with nosniff", async () => {
    const me = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
    const letter = pdf(3000);
    const res = await send(
      me.headers,
      accommodation([
        { name: "report.html", data: b64(letter) },
        { name: "setup.exe", data: b64(PNG) },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const rows = await uploadRows(me.user.id);
    expect(rows.map((r) => [r.fileName, r.contentType]).sort()).toEqual(
      [
        [`document-${rows.find((r) => r.contentType === "application/pdf")!.id}.pdf`, "application/pdf"],
        [`document-${rows.find((r) => r.contentType === "image/png")!.id}.png`, "image/png"],
      ].sort(),
    );
    for (const row of rows) {
      const file = await t.app.inject({ method: "GET", url: `/api/staff/files/${row.id}`, headers: staff.headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe(row.contentType);
      expect(file.headers["content-disposition"]).toBe(`attachment; filename="${row.fileName}"`);
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["content-disposition"]).not.toMatch(/html|exe|report|setup/);
      expect(file.rawPayload.equals(row.contentType === "image/png" ? PNG : letter)).toBe(true);
    }
  });
});

describe("uploads are streamed, limited per account and need a confirmed address (25.2)", () => {
  it("a 5 MB document is written in 32 KiB chunks as it arrives and comes back whole", async () => {
    const me = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
    const big = pdf(UPLOAD_MAX_BYTES);
    const res = await send(me.headers, accommodation([{ name: "scan.pdf", data: b64(big) }]));
    expect(res.statusCode).toBe(201);
    const [row] = await uploadRows(me.user.id);
    expect(row!.size).toBe(UPLOAD_MAX_BYTES);
    expect(row!.data.length).toBe(0); // the bytes are in the chunks, not in one row
    expect(row!.sha256).toBe(createHash("sha256").update(big).digest("hex"));
    const chunks = await t.database.db.select().from(uploadChunks).where(eq(uploadChunks.uploadId, row!.id));
    expect(chunks.length).toBe(Math.ceil(UPLOAD_MAX_BYTES / UPLOAD_CHUNK_BYTES));
    expect(Math.max(...chunks.map((c) => c.data.length))).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES);
    const file = await t.app.inject({ method: "GET", url: `/api/staff/files/${row!.id}`, headers: staff.headers });
    expect(file.rawPayload.equals(big)).toBe(true);
  });

  it("a file one byte over 5 MB, or one that is not a PDF, PNG or JPEG, is refused and nothing of it is kept", async () => {
    const me = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
    for (const data of [pdf(UPLOAD_MAX_BYTES + 1), Buffer.from("<html><script>alert(1)</script></html>")]) {
      const res = await send(me.headers, accommodation([{ name: "a.pdf", data: b64(data) }]));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.documents).toBe(REQUEST_MESSAGES.documents);
    }
    // a good file beside a bad one: neither is kept
    const mixed = await send(
      me.headers,
      accommodation([
        { name: "ok.pdf", data: b64(pdf(1000)) },
        { name: "bad.pdf", data: b64("MZ\x90\x00 an executable") },
      ]),
    );
    expect(mixed.statusCode).toBe(400);
    const rows = await uploadRows(me.user.id);
    expect(rows).toEqual([]);
    const orphans = await t.database.db.select({ id: uploadChunks.uploadId }).from(uploadChunks);
    const known = (await t.database.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id);
    expect(orphans.filter((o) => !known.includes(o.id))).toEqual([]);
  });

  it("an account whose address is not confirmed cannot upload", async () => {
    const me = await accountWithRole(t.app, "candidate");
    for (const url of ["/api/me/requests/accommodation", "/api/me/education"]) {
      const res = await t.app.inject(
        await postOptions(
          url,
          {
            ...accommodation([{ name: "a.pdf", data: b64(pdf(500)) }]),
            evidence: { name: "e.pdf", data: b64(pdf(500)) },
          },
          me.headers,
        ),
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe("email_unconfirmed");
    }
    expect(await uploadRows(me.user.id)).toEqual([]);
  });

  it("an upload sent as JSON (the old base64 body) is refused with 415", async () => {
    const me = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/requests/accommodation",
      headers: me.headers,
      payload: accommodation([{ name: "a.pdf", data: b64(pdf(500)) }]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe("unsupported_media_type");
  });

  it("in parallel, one account gets its hourly number of upload requests on both routes, then 429 with Retry-After", async () => {
    const me = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.perAccount.max + 4 }, async (_, i) => {
        const url = i % 2 ? "/api/me/education" : "/api/me/requests/accommodation";
        // a form without its file: refused with 400 once admitted, so nothing is stored
        const m = await multipartBody({ certId: 1, details: "x" });
        return t.app.inject({
          method: "POST",
          url,
          headers: { ...me.headers, "content-type": m.contentType },
          payload: m.payload,
        });
      }),
    );
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBe(4);
    expect(answers.filter((a) => a.statusCode === 400).length).toBe(UPLOAD_LIMITS.perAccount.max);
    expect(Number(limited[0]!.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("an account holding its quota of files is refused more, with the reason", async () => {
    const me = await accountWithRole(t.app, "candidate", undefined, { confirmed: true });
    await t.database.db.insert(uploads).values({
      ownerId: me.user.id,
      purpose: "evidence",
      fileName: "evidence-0.pdf",
      contentType: "application/pdf",
      size: UPLOAD_LIMITS.quotaBytes - UPLOAD_MAX_BYTES + 1,
      sha256: "",
      data: Buffer.alloc(0),
    });
    const res = await send(me.headers, accommodation([{ name: "a.pdf", data: b64(pdf(500)) }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: "quota_exceeded" });
    const rows = await uploadRows(me.user.id);
    expect(rows).toHaveLength(1);
    await t.database.db.delete(uploads).where(
      inArray(
        uploads.id,
        rows.map((r) => r.id),
      ),
    );
  });
});
