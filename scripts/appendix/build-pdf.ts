/**
 * Builds /Appendix_A_CEU_Scoring.pdf from the text in app/content/appendix/ceu-scoring.ts with pdf-lib. The file is
 * padded to exactly the size the recertification policy states (142.25 KB = 145664 bytes): the
 * padding is the whitespace of the document's XMP metadata packet, the place the XMP standard
 * reserves for padding, so the PDF stays valid and %%EOF stays the last thing in the file.
 */
import fs from "node:fs";
import path from "node:path";
import { PDFDocument, PDFName, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { org } from "../../app/data/org";
import {
  appendixDocument,
  ceuScoring,
  type Appendix,
  type AppendixTable,
} from "../../app/content/appendix/ceu-scoring";

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = { x: 60, top: 64, bottom: 64 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.x;
const NAVY = rgb(0.06, 0.13, 0.28);
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.35, 0.37, 0.42);
const RULE = rgb(0.78, 0.8, 0.84);
const HEAD_FILL = rgb(0.92, 0.94, 0.98);
/** Fixed dates keep the output identical from build to build. */
const POSTED = new Date(Date.UTC(2023, 9, 2));

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(
    private doc: PDFDocument,
    private regular: PDFFont,
    private bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  text(
    text: string,
    opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {},
  ) {
    const size = opts.size ?? 10.5;
    const font = opts.bold ? this.bold : this.regular;
    const indent = opts.indent ?? 0;
    const leading = size * 1.4;
    for (const line of wrap(text, font, size, CONTENT_WIDTH - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN.x + indent, y: this.y + size * 0.3, size, font, color: opts.color ?? INK });
    }
    this.y -= opts.gap ?? 6;
  }

  bullet(text: string) {
    const size = 10.5;
    const lines = wrap(text, this.regular, size, CONTENT_WIDTH - 16);
    this.ensure(size * 1.4);
    this.page.drawText("-", {
      x: MARGIN.x + 4,
      y: this.y - size * 1.4 + size * 0.3,
      size,
      font: this.regular,
      color: NAVY,
    });
    for (const line of lines) {
      this.ensure(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN.x + 16, y: this.y + size * 0.3, size, font: this.regular, color: INK });
    }
    this.y -= 3;
  }

  rule(gap = 10) {
    this.page.drawLine({
      start: { x: MARGIN.x, y: this.y },
      end: { x: PAGE.width - MARGIN.x, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= gap;
  }

  table(table: AppendixTable) {
    const size = 9.5;
    const leading = size * 1.35;
    const pad = 5;
    const widths = table.widths.map((w) => w * CONTENT_WIDTH);
    const row = (cells: string[], header: boolean): void => {
      const font = header ? this.bold : this.regular;
      const wrapped = cells.map((c, i) => wrap(c, font, size, widths[i]! - 2 * pad));
      const height = Math.max(...wrapped.map((l) => l.length)) * leading + 2 * pad;
      const pageBefore = this.page;
      this.ensure(height);
      // A table that continues on a new page repeats its header row there.
      if (!header && this.page !== pageBefore) row(table.columns, true);
      if (header) {
        this.page.drawRectangle({
          x: MARGIN.x,
          y: this.y - height,
          width: CONTENT_WIDTH,
          height,
          color: HEAD_FILL,
        });
      }
      let x = MARGIN.x;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, j) => {
          this.page.drawText(line, {
            x: x + pad,
            y: this.y - pad - (j + 1) * leading + size * 0.35,
            size,
            font,
            color: header ? NAVY : INK,
          });
        });
        x += widths[i]!;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN.x, y: this.y },
        end: { x: PAGE.width - MARGIN.x, y: this.y },
        thickness: header ? 1.25 : 0.5,
        color: header ? NAVY : RULE,
      });
    };
    row(table.columns, true);
    for (const r of table.rows) row(r, false);
    this.y -= 10;
  }
}

function xmpPacket(appendix: Appendix, padding: number): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const head = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(appendix.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${esc(org.name)}</rdf:li></rdf:Seq></dc:creator>
   <dc:language><rdf:Bag><rdf:li>en-US</rdf:li></rdf:Bag></dc:language>
   <xmp:CreateDate>${POSTED.toISOString()}</xmp:CreateDate>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
`;
  // XMP padding: lines of spaces, then the closing processing instruction.
  const body = (" ".repeat(99) + "\n").repeat(Math.floor(padding / 100)) + " ".repeat(padding % 100);
  return `${head}${body}<?xpacket end="w"?>`;
}

async function render(appendix: Appendix, padding: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(appendix.title, { showInWindowTitleBar: true });
  doc.setAuthor(appendixDocument.postedBy);
  doc.setSubject(appendix.subtitle);
  doc.setKeywords(["CEU", "continuing education units", "recertification", org.shortName]);
  doc.setCreator(org.name);
  doc.setProducer("pdf-lib");
  doc.setLanguage("en-US");
  doc.setCreationDate(POSTED);
  doc.setModificationDate(POSTED);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold);

  w.text(org.name, { size: 10, bold: true, color: MUTED, gap: 2 });
  w.text(appendix.title, { size: 22, bold: true, color: NAVY, gap: 2 });
  w.text(appendix.subtitle, { size: 11, color: NAVY, gap: 2 });
  w.text(appendix.meta, { size: 9.5, color: MUTED, gap: 10 });
  w.rule(6);

  for (const section of appendix.sections) {
    w.ensure(60);
    w.y -= 6;
    w.text(section.heading, { size: 13, bold: true, color: NAVY, gap: 2 });
    for (const p of section.paragraphs ?? []) w.text(p);
    if (section.table) w.table(section.table);
    for (const b of section.bullets ?? []) w.bullet(b);
    if (section.bullets) w.y -= 4;
    for (const p of section.after ?? []) w.text(p);
  }

  w.pages.forEach((page, i) => {
    const label = `${appendix.footer}  |  Page ${i + 1} of ${w.pages.length}`;
    page.drawLine({
      start: { x: MARGIN.x, y: MARGIN.bottom - 22 },
      end: { x: PAGE.width - MARGIN.x, y: MARGIN.bottom - 22 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(label, { x: MARGIN.x, y: MARGIN.bottom - 36, size: 8, font: regular, color: MUTED });
  });

  const xmp = doc.context.stream(xmpPacket(appendix, padding), { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(xmp));
  return doc.save({ useObjectStreams: false });
}

/** The appendix as PDF bytes, exactly `appendixDocument.sizeBytes` long. */
export async function buildCeuAppendixPdf(appendix: Appendix = ceuScoring): Promise<Uint8Array> {
  const target = appendixDocument.sizeBytes;
  let padding = 0;
  // The stream's /Length grows by a digit as the padding grows, so converge in a few passes.
  for (let i = 0; i < 6; i++) {
    const bytes = await render(appendix, padding);
    if (bytes.length === target) return bytes;
    padding += target - bytes.length;
    if (padding < 0) throw new Error(`appendix PDF is larger than ${target} bytes without padding`);
  }
  throw new Error(`could not pad the appendix PDF to exactly ${target} bytes`);
}

/** Writes Appendix_A_CEU_Scoring.pdf into `outDir` and returns its path. */
export async function writeCeuAppendixPdf(outDir: string): Promise<string> {
  const bytes = await buildCeuAppendixPdf();
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, appendixDocument.fileName);
  fs.writeFileSync(file, bytes);
  return file;
}
