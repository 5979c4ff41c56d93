import { Fragment } from "react";

/** A text with line breaks as paragraphs: a blank line starts a paragraph, a single break stays a line break. */
export function splitParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split("\n"));
}

/**
 * A text someone wrote on several lines (a staff reply, a decision, a reason), shown as paragraphs
 * (issue 25.18). The mail shows the same text the same way (server/mail/templates/layout.tsx).
 */
export function Paragraphs({ text, className = "space-y-2" }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {splitParagraphs(text).map((lines, i) => (
        <p key={i}>
          {lines.map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
