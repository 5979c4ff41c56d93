import { Island } from "~/islands/island";
import type { InquiryKind } from "~/schemas/inquiry";

const CARD = {
  light: "rounded-xl bg-white p-6 shadow-sm sm:p-8",
  dark: "rounded-xl bg-navy-800 p-6 sm:p-8",
};

/**
 * The inquiry form on its card, as the public pages set it beside their text: under its own heading
 * (`heading`, an h3 or, on a page with no other section, an h2), or named by the section's heading
 * (`headingId` alone). `tone` "dark" for a dark section; `className` places the card in its grid.
 */
export function InquiryCard({
  kind,
  headingId,
  heading,
  level = "h3",
  tone,
  className,
}: {
  kind: InquiryKind;
  headingId: string;
  heading?: string;
  level?: "h2" | "h3";
  tone?: "dark";
  className?: string;
}) {
  const Heading = level;
  const card = CARD[tone ?? "light"];
  return (
    <div className={className ? `${className} ${card}` : card}>
      {heading && (
        <Heading
          id={headingId}
          className={`mb-4 ${level === "h2" ? "text-2xl" : "text-xl"} font-bold${tone ? "" : " text-navy-900"}`}
        >
          {heading}
        </Heading>
      )}
      <Island of="inquiry-form" kind={kind} tone={tone} headingId={headingId} />
    </div>
  );
}
