import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { Fragment, type ReactNode } from "react";
import { fullAddress, org } from "../../../app/data/org";

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const brand = "#0b3d91";

/**
 * The frame of every message: the organisation's name at the top, the body, and the organisation's
 * name, postal address and contact details at the foot. No images (nothing is loaded from anywhere).
 */
export function MailLayout({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f4f6f8", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", padding: "24px 32px", borderRadius: "6px" }}>
          <Text style={{ color: brand, fontSize: "14px", fontWeight: 700, margin: "0 0 16px" }}>{org.name}</Text>
          <Heading as="h1" style={{ color: "#111827", fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: "#e5e7eb", margin: "24px 0 16px" }} />
          <Text style={{ color: "#4b5563", fontSize: "12px", lineHeight: "18px", margin: 0 }}>
            {org.name} ({org.shortName})
            <br />
            {fullAddress}
            <br />
            {org.phone.display} · <Link href={`mailto:${org.email}`}>{org.email}</Link> · {org.hours}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Text style={{ color: "#111827", fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" }}>{children}</Text>;
}

/** A call to action: a button in the HTML part; the plain-text part shows its label and the address. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 20px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: brand,
          color: "#ffffff",
          fontSize: "15px",
          fontWeight: 600,
          padding: "12px 20px",
          borderRadius: "4px",
        }}
      >
        {children}
      </Button>
      <Text style={{ color: "#4b5563", fontSize: "13px", lineHeight: "20px", margin: "12px 0 0" }}>
        If the button does not work, copy this address into your browser: <Link href={href}>{href}</Link>
      </Text>
    </Section>
  );
}

/** Label and value pairs (a receipt's lines). */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ color: "#111827", fontSize: "15px", lineHeight: "22px", margin: "0 0 4px" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}

/**
 * A text someone wrote (a staff reply, a decision, a reason) as paragraphs: a blank line starts a new
 * paragraph, a single line break stays a line break (issue 25.18). Both the HTML and the plain-text part
 * keep the breaks.
 */
export function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <P key={i}>
          {p.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </P>
      ))}
    </>
  );
}

/** A moment as a mail states it: "January 31, 2026 at 2:00 PM UTC" (the reader's zone is not known). */
export const utcTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";
