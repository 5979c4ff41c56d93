import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildCeuAppendixPdf, writeCeuAppendixPdf } from "./build-pdf";
import { appendixDocument, ceuScoring } from "../../app/content/appendix/ceu-scoring";

/** The text drawn on the pages: pdf-lib writes standard-font text as hex strings in `<...> Tj`. */
async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const { inflateSync } = await import("node:zlib");
  const chunks: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const refs = contents && "asArray" in contents ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) continue;
      const filter = stream.dict.get(PDFName.of("Filter"));
      const raw = filter ? inflateSync(stream.contents) : Buffer.from(stream.contents);
      for (const m of raw.toString("latin1").matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        chunks.push(Buffer.from(m[1]!, "hex").toString("latin1"));
    }
  }
  return chunks.join(" ");
}

describe("Appendix A: CEU Scoring PDF", () => {
  it("is a valid PDF of exactly 142.25 KB (145664 bytes) that ends with %%EOF", async () => {
    const bytes = await buildCeuAppendixPdf();
    expect(Buffer.from(bytes.slice(0, 8)).toString("latin1")).toMatch(/^%PDF-1\.\d/);
    expect(bytes.length).toBe(145_664);
    expect(bytes.length / 1024).toBe(142.25);
    expect(appendixDocument.sizeLabel).toBe(`${bytes.length / 1024} KB`);
    expect(Buffer.from(bytes.slice(-16)).toString("latin1").trimEnd()).toMatch(/%%EOF$/);
  });

  it("loads back with at least one page, its title and the key rules in the text", async () => {
    const bytes = await buildCeuAppendixPdf();
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe("Appendix A: CEU Scoring");
    expect(doc.getAuthor()).toBe("Administration");
    const text = await pageText(bytes);
    for (const fact of [
      "Appendix A: CEU Scoring",
      "Posted by Administration, 10/2/2023",
      "valid for 3 years",
      "20 continuing education",
      "90-day grace period",
      "at least 30 days before the renewal date",
      "retaking and passing the exam",
    ])
      expect(text, fact).toContain(fact);
    // every activity category of the source is drawn (its first words at least)
    for (const row of ceuScoring.sections.flatMap((s) => s.table?.rows ?? []))
      expect(text).toContain(row[0]!.split(" ").slice(0, 3).join(" "));
  });

  it("fills the first page with text (a full page, not a stub)", async () => {
    const bytes = await buildCeuAppendixPdf();
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it("is the same bytes on every build, and writeCeuAppendixPdf writes it into the given folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ceu-pdf-"));
    try {
      const file = await writeCeuAppendixPdf(dir);
      expect(path.basename(file)).toBe("Appendix_A_CEU_Scoring.pdf");
      const written = fs.readFileSync(file);
      expect(written.length).toBe(145_664);
      expect(Buffer.compare(written, Buffer.from(await buildCeuAppendixPdf()))).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
