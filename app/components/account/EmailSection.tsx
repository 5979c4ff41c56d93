import { FormField } from "~/forms/form-field";
import { PasswordField } from "~/forms/password-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { ResendConfirmation } from "~/components/ResendConfirmation";
import { call } from "~/lib/api/client";
import { changeEmailEndpoint, changeEmailSchema } from "~/schemas/email";
import { useFreshUser } from "~/lib/useFreshUser";
import type { User } from "~/state/auth";

function ChangeEmailForm() {
  const { field, formProps, alert, submitting } = useSubmitForm({
    schema: changeEmailSchema,
    defaultValues: { email: "", currentPassword: "" },
    send: (values) => call(changeEmailEndpoint, { body: values }),
    done: (res, _values, form) => {
      form.reset();
      return res.message;
    },
  });
  return (
    <form {...formProps} aria-labelledby="change-email-title" className="space-y-4">
      <h3 id="change-email-title" className="text-lg font-bold text-navy-900">
        Use another address
      </h3>
      <p className="text-sm text-muted">
        We send a link to the new address; your account switches to it once you follow the link, and we tell the current
        address.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="New e-mail address" type="email" autoComplete="email" {...field("email")} />
        <PasswordField label="Current password" autoComplete="current-password" {...field("currentPassword")} />
      </div>
      {alert}
      <button type="submit" className="btn-outline" disabled={submitting}>
        {submitting ? "Sending…" : "Change my e-mail address"}
      </button>
    </form>
  );
}

/** The account's address: whether it is confirmed (with a new link on request) and a change of address. */
export function EmailSection({ user }: { user: User }) {
  useFreshUser();
  const confirmed = user.emailVerified === true;
  return (
    <section aria-labelledby="email-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h2 id="email-title" className="mb-4 text-2xl font-bold text-navy-900">
        E-mail address
      </h2>
      <p className="flex flex-wrap items-center gap-3">
        <strong className="break-all text-navy-900">{user.email}</strong>
        <span
          data-email-status=""
          className={`rounded-full px-3 py-1 text-sm font-semibold ${confirmed ? "bg-brand-100 text-navy-950" : "bg-gold-300/40 text-navy-950"}`}
        >
          {confirmed ? "Confirmed" : "Not confirmed yet"}
        </span>
      </p>
      {!confirmed && (
        <div className="mt-4 space-y-3">
          <p>
            Please confirm this address: follow the link we sent to it. You need a confirmed address to buy an exam.
          </p>
          <ResendConfirmation />
        </div>
      )}
      <div className="mt-8 border-t border-slate-200 pt-6">
        <ChangeEmailForm />
      </div>
    </section>
  );
}
