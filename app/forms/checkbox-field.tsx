import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FieldErrorText, useFieldId } from "./field-frame";

/** A checkbox with its label beside it and its error under it, tied to the box for assistive technology. */
export function CheckboxField({
  label,
  registration,
  error,
}: {
  label: React.ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
}) {
  const id = useFieldId(registration.name);
  const errId = error?.message ? `${id}-err` : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          aria-invalid={errId ? true : undefined}
          aria-describedby={errId}
          {...registration}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldErrorText id={errId} error={error} />
    </div>
  );
}
