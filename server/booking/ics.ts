/**
 * A small iCalendar writer (RFC 5545) for the booking e-mails: one VEVENT with UTC times, escaped text and
 * lines folded at 75 octets, CRLF line ends. The calendar app shows the times in the reader's own zone.
 */
export interface IcsEvent {
  uid: string;
  /** a change to the same event (a reschedule) has a higher sequence */
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  url?: string;
  /** CANCELLED removes the event from the calendar it was added to */
  status?: "CONFIRMED" | "CANCELLED";
  organizer?: { name: string; email: string };
  /** minutes before the start for a reminder alarm */
  alarmMinutes?: number;
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export const escapeText = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74; // a continuation line starts with one space
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function icsCalendar(e: IcsEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//CITB//Online proctored exams//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${e.status === "CANCELLED" ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.organizer ? [`ORGANIZER;CN=${escapeText(e.organizer.name)}:mailto:${e.organizer.email}`] : []),
    `STATUS:${e.status ?? "CONFIRMED"}`,
    ...(e.alarmMinutes
      ? [
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          `DESCRIPTION:${escapeText(e.summary)}`,
          `TRIGGER:-PT${e.alarmMinutes}M`,
          "END:VALARM",
        ]
      : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
