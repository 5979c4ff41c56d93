import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { org } from "../../app/data/org";
import { CERTIFICATION_STATE_LABELS, type CertificationState } from "../../app/data/program-rules";
import { verificationUrl } from "./links";

export interface CertificateFacts {
  credentialId: string;
  holder: string;
  examTitle: string;
  issuedOn: string;
  expiresOn: string;
  state: CertificationState;
}

/** The QR code of a certification's verification URL, as SVG (generated locally). */
export const qrSvg = (credentialId: string, publicUrl: string) =>
  QRCode.toString(verificationUrl(credentialId, publicUrl), { type: "svg", errorCorrectionLevel: "M", margin: 2 });

/** The certificate: holder, exam, dates, credential ID and a QR code to the verification page (A4 landscape). */
export async function certificatePdf(c: CertificateFacts, publicUrl: string): Promise<Uint8Array> {
  const verifyAt = verificationUrl(c.credentialId, publicUrl);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate ${c.credentialId}`);
  pdf.setAuthor(org.name);
  pdf.setSubject(c.examTitle);
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const navy = rgb(0.06, 0.13, 0.29);
  const center = (text: string, y: number, size: number, font = regular) =>
    page.drawText(text, { x: (842 - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color: navy });

  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: navy, borderWidth: 3 });
  center(org.name, 510, 16, bold);
  center("Certificate of Certification", 455, 30, bold);
  center("This certifies that", 410, 14);
  center(c.holder, 370, 28, bold);
  center("has passed the", 335, 14);
  center(c.examTitle, 305, 18, bold);
  center(`Issued ${c.issuedOn}  ·  Valid until ${c.expiresOn}`, 265, 13);
  center(`Credential ID ${c.credentialId}`, 240, 13, bold);
  if (c.state !== "active")
    center(`Status on the day this copy was made: ${CERTIFICATION_STATE_LABELS[c.state]}`, 215, 12);

  const png = await QRCode.toBuffer(verifyAt, { type: "png", margin: 1, width: 240 });
  const qr = await pdf.embedPng(png);
  page.drawImage(qr, { x: 842 - 60 - 110, y: 50, width: 110, height: 110 });
  page.drawText("Verify this certificate:", { x: 60, y: 110, size: 11, font: bold, color: navy });
  page.drawText(verifyAt, { x: 60, y: 92, size: 10, font: regular, color: navy });
  page.drawText("Scan the code or open the address, then enter the holder's last name.", {
    x: 60,
    y: 74,
    size: 10,
    font: regular,
    color: navy,
  });
  return pdf.save();
}
