import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { FieldIds, FormField } from "~/components/FormField";
import { ApiError, call } from "~/lib/api/client";
import {
  createInquiryEndpoint,
  inquirySchema,
  type Inquiry,
  type InquiryInput,
  type InquiryKind,
} from "~/schemas/inquiry";
import { FormAlert } from "~/components/FormAlert";

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
  const [formError, setFormError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // not useId: on a page served as islands the form hydrates on its own, where React's ids differ
  // (app/islands); a page has one form of a kind, named by its heading. The fields' ids follow it (FieldIds).
  const id = `${headingId ?? "inquiry"}-${kind}`;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InquiryInput, unknown, Inquiry>({
    resolver: zodResolver(inquirySchema),
    defaultValues: { kind, name: "", email: "", phone: "", organization: "", message: "", website: "" },
    shouldFocusError: true,
  });

  const onSubmit = async (values: Inquiry) => {
    setFormError(null);
    try {
      const res = await call(createInquiryEndpoint, { body: values });
      setSent({ reference: res.inquiry.reference });
      reset();
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (e) {
      if (e instanceof ApiError && e.body.fields) {
        for (const [name, message] of Object.entries(e.body.fields)) setError(name as keyof InquiryInput, { message });
      }
      setFormError(e instanceof ApiError ? e.body.message : "Something went wrong. Please try again.");
    }
  };

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
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby={headingId}
      className="space-y-4"
      data-inquiry-form={kind}
    >
      <input type="hidden" {...register("kind")} />
      <FieldIds.Provider value={id}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            tone={tone}
            label="Your name"
            autoComplete="name"
            registration={register("name")}
            error={errors.name}
          />
          <FormField
            tone={tone}
            label="E-mail address"
            type="email"
            autoComplete="email"
            registration={register("email")}
            error={errors.email}
          />
          <FormField
            tone={tone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            optional
            registration={register("phone")}
            error={errors.phone}
          />
          <FormField
            tone={tone}
            label="Organisation"
            autoComplete="organization"
            optional
            registration={register("organization")}
            error={errors.organization}
          />
        </div>
        <FormField
          tone={tone}
          label={c.messageLabel}
          multiline
          registration={register("message")}
          error={errors.message}
        />
      </FieldIds.Provider>
      {/* Honeypot: invisible to people and to assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>
      {formError && <FormAlert theme={tone}>{formError}</FormAlert>}
      <button type="submit" className={tone === "dark" ? "btn-gold" : "btn-primary"} disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : c.submit}
      </button>
    </form>
  );
}
