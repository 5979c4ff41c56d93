import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { org } from "../../app/data/org";
import type { ScoreReport } from "../../app/schemas/exam";

/** Helvetica (WinAnsi) cannot draw every character a name may hold: anything else becomes "?". */
const printable = (s: string) => s.replace(/[^\u0020-\u007E\u00A0-\u00FF]/g, "?");

/**
 * The score report as a printable PDF (A4 portrait): the result, score and passing score, a bar with its
 * numbers for every domain, the date, the candidate's name and photograph (taken at check-in), the appeal route
 * and its deadline, and after a fail the date a retest becomes possible.
 */
export async function scoreReportPdf(
  r: ScoreReport,
  publicUrl: string,
  photo?: { contentType: string; bytes: Uint8Array },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Score report: ${r.examTitle}`);
  pdf.setAuthor(org.name);
  pdf.setSubject(`Score report ${r.sittingId}`);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const navy = rgb(0.06, 0.13, 0.29);
  const grey = rgb(0.85, 0.87, 0.9);
  const text = (s: string, x: number, y: number, size = 11, font = regular) =>
    page.drawText(printable(s), { x, y, size, font, color: navy });

  // the photograph taken at check-in, top right (a photo that cannot be read leaves the report without one)
  if (photo) {
    try {
      const image =
        photo.contentType === "image/png" ? await pdf.embedPng(photo.bytes) : await pdf.embedJpg(photo.bytes);
      const { width, height } = image.scaleToFit(120, 150);
      page.drawImage(image, { x: 545 - width, y: 770 - height, width, height });
      page.drawText("Photograph taken at check-in", { x: 545 - 120, y: 770 - 150 - 12, size: 7, font: regular });
    } catch {
      /* no photograph */
    }
  }

  let y = 780;
  text(org.name, 50, y, 12, bold);
  y -= 36;
  text("Score report", 50, y, 24, bold);
  y -= 26;
  text(r.examTitle, 50, y, 14, bold);
  y -= 30;
  text(`Candidate: ${r.candidateName}`, 50, y);
  y -= 18;
  text(`Date of the exam: ${r.takenOn}`, 50, y);
  y -= 30;
  text(r.result === "pass" ? "Result: PASS" : "Result: FAIL", 50, y, 18, bold);
  y -= 24;
  text(
    `Your score: ${r.scorePercent}% (${r.correct} of ${r.scored} correct). Passing score: ${r.passingScore}%.`,
    50,
    y,
  );
  y -= 36;
  text("Score by domain", 50, y, 14, bold);
  y -= 22;
  for (const d of r.domains) {
    text(d.domain, 50, y, 10);
    page.drawRectangle({ x: 250, y: y - 2, width: 200, height: 10, color: grey });
    if (d.percent > 0) page.drawRectangle({ x: 250, y: y - 2, width: 2 * d.percent, height: 10, color: navy });
    text(`${d.percent}% (${d.correct}/${d.total})`, 460, y, 10);
    y -= 20;
  }
  y -= 20;
  text("Appeals", 50, y, 14, bold);
  y -= 18;
  text(
    `You may appeal this decision within ${r.appeal.hours} hours, until ${r.appeal.deadline.replace("T", " ").slice(0, 16)} UTC,`,
    50,
    y,
    10,
  );
  y -= 14;
  text(`from your account: ${publicUrl}${r.appeal.route}`, 50, y, 10);
  if (r.retestOn) {
    y -= 26;
    text(`Retest: you can take this exam again from ${r.retestOn}.`, 50, y, 11, bold);
  }
  if (r.credentialId) {
    y -= 26;
    text(`Certification issued: credential ID ${r.credentialId} (${publicUrl}/verify).`, 50, y, 11, bold);
  }
  return pdf.save();
}
