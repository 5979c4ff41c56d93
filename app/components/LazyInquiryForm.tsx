import { lazy, Suspense, type ComponentProps } from "react";
import type { InquiryForm as Form } from "./InquiryForm";

/**
 * The inquiry form's code (react-hook-form, the API schema) is fetched by the page after its first paint,
 * not preloaded with it. A prerendered page already holds the form's HTML, which stays in place (and keeps
 * what a visitor types into it) until the code arrives and hydrates it; on a page reached in the browser,
 * the fallback shows for that moment.
 */
export const loadInquiryForm = () => import("./InquiryForm");
const InquiryForm = lazy(() => loadInquiryForm().then((m) => ({ default: m.InquiryForm })));

export function LazyInquiryForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<p className={props.tone === "dark" ? "text-navy-100" : "text-muted"}>Loading the form…</p>}>
      <InquiryForm {...props} />
    </Suspense>
  );
}
