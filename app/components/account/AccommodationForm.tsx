import { useEffect, useState } from "react";
import { Link } from "~/lib/router";
import { FileField } from "~/forms/file-field";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { certifications } from "~/data/exams";
import { ACCOMMODATION_DECISION_DAYS, ACCOMMODATION_LEAD_DAYS } from "~/data/program-rules";
import { call } from "~/lib/api/client";
import { formatDay } from "~/lib/dates";
import { accommodationRequestEndpoint, REQUEST_MESSAGES } from "~/schemas/credentials";

interface Values {
  certId: string;
  plannedRegistrationOn: string;
  details: string;
  documents: FileList | null;
}

/** The special accommodation request: exam, planned registration date (at least 20 days ahead), needs, documents. */
export function AccommodationForm() {
  const [earliest, setEarliest] = useState("");
  useEffect(() => {
    setEarliest(new Date(Date.now() + ACCOMMODATION_LEAD_DAYS * 86_400_000).toISOString().slice(0, 10));
  }, []);
  // a refused field is said once, at the field, which gets the focus (issue 25.20: the date error showed twice)
  const { field, formProps, alert, submitting } = useSubmitForm({
    defaultValues: { certId: "", plannedRegistrationOn: "", details: "", documents: null } as Values,
    send: (v: Values) =>
      call(accommodationRequestEndpoint, {
        body: {
          certId: Number(v.certId),
          plannedRegistrationOn: v.plannedRegistrationOn,
          details: v.details,
          documents: Array.from(v.documents ?? []),
        },
      }),
    done: (res, _values, form) => {
      form.reset();
      return res.message;
    },
  });

  return (
    <form {...formProps} className="mt-4 space-y-4" aria-labelledby="accommodation-form-title">
      <p className="text-sm text-muted">
        Send it at least {ACCOMMODATION_LEAD_DAYS} days before you register; we decide within{" "}
        {ACCOMMODATION_DECISION_DAYS} days and you can buy the exam once you have our decision. You can follow it under{" "}
        <Link to="/account/requests" className="link">
          My requests
        </Link>
        .
      </p>
      <SelectField
        label="Exam"
        {...field("certId")}
        options={[
          { value: "", label: "Choose an exam" },
          ...certifications.filter((c) => c.available).map((c) => ({ value: String(c.id), label: c.title })),
        ]}
      />
      <FormField
        label="Date you plan to register"
        type="date"
        hint={earliest ? `On or after ${formatDay(earliest)}.` : undefined}
        {...field("plannedRegistrationOn")}
      />
      <FormField label="The accommodation you need, and why" multiline {...field("details")} />
      <FileField
        label="Supporting documents"
        hint="Up to 3 files: PDF, PNG or JPEG, each up to 5 MB."
        multiple
        {...field("documents", {
          validate: (files) =>
            (files instanceof FileList && files.length >= 1 && files.length <= 3) || REQUEST_MESSAGES.documents,
        })}
      />
      {alert}
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? "Sending…" : "Send my request"}
      </button>
    </form>
  );
}
