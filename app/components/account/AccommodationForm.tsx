import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "~/lib/router";
import { FileField, SelectField } from "~/components/account/AccountFields";
import { FormAlert } from "~/components/FormAlert";
import { FormField } from "~/components/FormField";
import { certifications } from "~/data/exams";
import { ACCOMMODATION_DECISION_DAYS, ACCOMMODATION_LEAD_DAYS } from "~/data/program-rules";
import { ApiError, call } from "~/lib/api/client";
import { formatDay } from "~/lib/dates";
import { accommodationRequestEndpoint, REQUEST_MESSAGES } from "~/schemas/credentials";

interface Values {
  certId: string;
  plannedRegistrationOn: string;
  details: string;
}

/** The special accommodation request: exam, planned registration date (at least 20 days ahead), needs, documents. */
export function AccommodationForm() {
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const [earliest, setEarliest] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setEarliest(new Date(Date.now() + ACCOMMODATION_LEAD_DAYS * 86_400_000).toISOString().slice(0, 10));
  }, []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { certId: "", plannedRegistrationOn: "", details: "" } });

  const onSubmit = async (v: Values) => {
    setStatus(null);
    setFilesError(undefined);
    if (files.length === 0 || files.length > 3) {
      setFilesError(REQUEST_MESSAGES.documents);
      fileRef.current?.focus();
      return;
    }
    try {
      const res = await call(accommodationRequestEndpoint, {
        body: {
          certId: Number(v.certId),
          plannedRegistrationOn: v.plannedRegistrationOn,
          details: v.details,
          documents: files,
        },
      });
      reset();
      setFiles([]);
      if (fileRef.current) fileRef.current.value = "";
      setStatus({ ok: true, text: res.message });
    } catch (e) {
      // a refused field is said once, at the field, which gets the focus (issue 25.20: the date error showed twice)
      const fields = e instanceof ApiError ? Object.entries(e.body.fields ?? {}) : [];
      for (const [k, message] of fields) {
        if (k.startsWith("documents")) setFilesError(message);
        else setError(k as keyof Values, { message }, { shouldFocus: k === fields[0]![0] });
      }
      if (fields[0]?.[0].startsWith("documents")) fileRef.current?.focus();
      if (fields.length > 0) return;
      setStatus({ ok: false, text: e instanceof Error ? e.message : "Your request could not be sent." });
    }
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="mt-4 space-y-4"
      aria-labelledby="accommodation-form-title"
    >
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
        registration={register("certId")}
        error={errors.certId}
        options={[
          { value: "", label: "Choose an exam" },
          ...certifications.filter((c) => c.available).map((c) => ({ value: String(c.id), label: c.title })),
        ]}
      />
      <FormField
        label="Date you plan to register"
        type="date"
        hint={earliest ? `On or after ${formatDay(earliest)}.` : undefined}
        registration={register("plannedRegistrationOn")}
        error={errors.plannedRegistrationOn}
      />
      <FormField
        label="The accommodation you need, and why"
        multiline
        registration={register("details")}
        error={errors.details}
      />
      <FileField
        label="Supporting documents"
        hint="Up to 3 files: PDF, PNG or JPEG, each up to 5 MB."
        multiple
        inputRef={fileRef}
        error={filesError}
        onChange={setFiles}
      />
      {status && (
        <FormAlert tone={status.ok ? "success" : "error"} focusRef={alertRef}>
          {status.text}
        </FormAlert>
      )}
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send my request"}
      </button>
    </form>
  );
}
