import { useId, type Ref } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

/** A labelled select with its error wired up for assistive technology (as FormField does for inputs). */
export function SelectField({
  label,
  registration,
  error,
  options,
  hint,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  options: { value: string; label: string }[];
  hint?: string;
}) {
  const id = useId();
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

/** A labelled file input (PDF or image); the server decides the type from the file's content. */
export function FileField({
  label,
  hint,
  error,
  multiple,
  inputRef,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string;
  multiple?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (files: File[]) => void;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-err` : undefined;
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
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple={multiple}
        accept="application/pdf,image/png,image/jpeg"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errId].filter(Boolean).join(" ") || undefined}
        className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
      />
      {error && (
        <p id={errId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
