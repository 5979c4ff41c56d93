import { useContext, useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FieldIds } from "./form-field";

/** A labelled select with its hint and error wired up for assistive technology (as FormField does for inputs). */
export function SelectField({
  label,
  registration,
  error,
  options,
  hint,
  autoComplete,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  options: { value: string; label: string }[];
  hint?: string;
  autoComplete?: string;
}) {
  const prefix = useContext(FieldIds);
  const generated = useId();
  const id = prefix ? `${prefix}-${registration.name}` : generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error?.message ? `${id}-err` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-navy-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <select
        id={id}
        autoComplete={autoComplete}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={[hintId, errId].filter(Boolean).join(" ") || undefined}
        className={`mt-1 block min-h-11 w-full rounded-md border px-3 py-2.5 text-base text-ink shadow-sm ${error?.message ? "border-red-700 bg-red-50" : "border-slate-400 bg-white"}`}
        {...registration}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error?.message && (
        <p id={errId} className="mt-1 text-sm font-medium text-red-800">
          {error.message}
        </p>
      )}
    </div>
  );
}
