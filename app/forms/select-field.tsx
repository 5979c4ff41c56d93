import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FieldFrame } from "./field-frame";

/** A labelled select with its hint and error wired up for assistive technology (as FormField does for inputs). */
export function SelectField({
  label,
  registration,
  error,
  options,
  hint,
  autoComplete,
  disabled,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  options: { value: string; label: string }[];
  hint?: string;
  autoComplete?: string;
  /** shown but not changeable (its value is still sent) */
  disabled?: boolean;
}) {
  return (
    <FieldFrame name={registration.name} label={label} hint={hint} error={error}>
      {({ id, invalid, describedBy }) => (
        <select
          id={id}
          autoComplete={autoComplete}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`mt-1 block min-h-11 w-full rounded-md border px-3 py-2.5 text-base text-ink shadow-sm ${invalid ? "border-red-700 bg-red-50" : "border-slate-400 bg-white"}`}
          {...registration}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
