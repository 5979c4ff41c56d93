import { useState } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "./form-field";

/** A password input with a show/hide toggle. */
export function PasswordField(props: {
  label?: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  autoComplete: string;
  hint?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <FormField
      label={props.label ?? "Password"}
      type={shown ? "text" : "password"}
      autoComplete={props.autoComplete}
      registration={props.registration}
      error={props.error}
      hint={props.hint}
    >
      <button
        type="button"
        className="absolute inset-y-0 right-0 my-1 mr-1 rounded px-3 text-sm font-semibold text-brand-700 hover:bg-navy-50"
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? "Hide" : "Show"}
        <span className="sr-only"> password</span>
      </button>
    </FormField>
  );
}
