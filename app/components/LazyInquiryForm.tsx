import { hydrateLater } from "~/lib/hydrate-later";

/**
 * The inquiry form, with its code (react-hook-form, the API schema) fetched after the page's first
 * paint (lib/hydrate-later): /, /about, /contact and /partners, and the quiz's career form.
 */
export const LazyInquiryForm = hydrateLater(
  () => import("./InquiryForm").then((m) => m.InquiryForm),
  ({ tone }) => <p className={tone === "dark" ? "text-navy-100" : "text-muted"}>Loading the form…</p>,
);
