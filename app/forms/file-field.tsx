import { useContext, useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FieldIds } from "./form-field";

/**
 * A labelled file input, registered with the form like any field (its value is the FileList); by default
 * PDF or image files, whose type the server decides from the content.
 */
export function FileField({
  label,
  registration,
  error,
  hint,
  multiple,
  accept = "application/pdf,image/png,image/jpeg",
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  hint?: string;
  multiple?: boolean;
  accept?: string;
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
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={[hintId, errId].filter(Boolean).join(" ") || undefined}
        className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
        {...registration}
      />
      {error?.message && (
        <p id={errId} className="mt-1 text-sm font-medium text-red-800">
          {error.message}
        </p>
      )}
    </div>
  );
}
