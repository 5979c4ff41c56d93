import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FieldFrame } from "./field-frame";

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
  return (
    <FieldFrame name={registration.name} label={label} hint={hint} error={error}>
      {({ id, invalid, describedBy }) => (
        <input
          id={id}
          type="file"
          multiple={multiple}
          accept={accept}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          {...registration}
        />
      )}
    </FieldFrame>
  );
}
