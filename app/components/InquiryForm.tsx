import { useRef, useState } from "react";
import { FieldIds, FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { call } from "~/lib/api/client";
import { createInquiryEndpoint, inquirySchema, type InquiryKind } from "~/schemas/inquiry";

const copy: Record<InquiryKind, { submit: string; done: string; messageLabel: string }> = {
  contact: {
    submit: "Send message",
    done: "Thank you. Your message has reached our team, and we answer every message within one business day.",
    messageLabel: "How can we help?",
  },
  partner: {
    submit: "Send partnership inquiry",
    done: "Thank you. Our partnerships team has your inquiry and will reach out within one business day.",
    messageLabel: "Tell us about your organisation and the partnership you have in mind",
  },
  career: {
    submit: "Connect with us",
    done: "You are connected! Our career team has your request and will respond within 24 hours.",
    messageLabel: "What kind of IT career are you aiming for?",
  },
};

/**
 * The first-party inquiry form (contact, partner or career). Validates with the same zod schema
 * as the API, shows each field's message, and confirms on the page once the inquiry is stored.
 */
export function InquiryForm({
  kind,
  tone = "light",
  headingId,
}: {
  kind: InquiryKind;
  tone?: "light" | "dark";
  headingId?: string;
}) {
  const [sent, setSent] = useState<{ reference: string } | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // not useId: on a page served as islands the form hydrates on its own, where React's ids differ
  // (app/islands); a page has one form of a kind, named by its heading. The fields' ids follow it (FieldIds).
  const id = `${headingId ?? "inquiry"}-${kind}`;
  const { form, field, formProps, alert, submitting } = useSubmitForm({
    schema: inquirySchema,
    theme: tone,
    defaultValues: { kind, name: "", email: "", phone: "", organization: "", message: "", website: "" },
    send: (values) => call(createInquiryEndpoint, { body: values }),
    done: (res, _values, form) => {
      setSent({ reference: res.inquiry.reference });
      form.reset();
      requestAnimationFrame(() => statusRef.current?.focus());
    },
  });

  const c = copy[kind];
  if (sent) {
    return (
      <div
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={`rounded-lg border-l-4 border-brand-600 p-5 ${tone === "dark" ? "bg-navy-800 text-white" : "bg-brand-100 text-navy-950"}`}
      >
        <p className="font-semibold">{c.done}</p>
        <p className="mt-1 text-sm">Reference: {sent.reference}</p>
        <button
          type="button"
          className={`mt-3 font-semibold underline ${tone === "dark" ? "text-gold-300" : "text-brand-700"}`}
          onClick={() => setSent(null)}
        >
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form {...formProps} aria-labelledby={headingId} className="space-y-4" data-inquiry-form={kind}>
      <input type="hidden" {...form.register("kind")} />
      <FieldIds.Provider value={id}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField tone={tone} label="Your name" autoComplete="name" {...field("name")} />
          <FormField tone={tone} label="E-mail address" type="email" autoComplete="email" {...field("email")} />
          <FormField tone={tone} label="Phone" type="tel" autoComplete="tel" optional {...field("phone")} />
          <FormField tone={tone} label="Organisation" autoComplete="organization" optional {...field("organization")} />
        </div>
        <FormField tone={tone} label={c.messageLabel} multiline {...field("message")} />
      </FieldIds.Provider>
      {/* Honeypot: invisible to people and to assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...form.register("website")} />
      </div>
      {alert}
      <button type="submit" className={tone === "dark" ? "btn-gold" : "btn-primary"} disabled={submitting}>
        {submitting ? "Sending…" : c.submit}
      </button>
    </form>
  );
}
