import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FieldFrame } from "./field-frame";

export { FieldIds } from "./field-frame";

interface FieldProps {
  label: React.ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  type?: string;
  autoComplete?: string;
  hint?: React.ReactNode;
  optional?: boolean;
  multiline?: boolean;
  /** a multiline field's height in lines (5 unless given) */
  rows?: number;
  /** smaller type and padding, for a form inside a table or a side panel */
  compact?: boolean;
  /** a fixed-width font, for pasted data (CSV rows, JSON) */
  mono?: boolean;
  spellCheck?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  tone?: "light" | "dark";
  children?: React.ReactNode;
}

/** A labelled input (or textarea) with its hint and its error message wired up for assistive technology. */
export function FormField({
  label,
  registration,
  error,
  type = "text",
  autoComplete,
  hint,
  optional,
  multiline,
  rows = 5,
  compact,
  mono,
  spellCheck,
  inputMode,
  tone = "light",
  children,
}: FieldProps) {
  const size = compact ? "px-2 py-1 text-sm" : "px-3 py-2.5 text-base";
  const base = `mt-1 block w-full rounded-md border ${size}${mono ? " font-mono" : ""} text-ink shadow-sm focus:border-brand-600 ${error?.message ? "border-red-700 bg-red-50" : "border-slate-400 bg-white"}`;
  return (
    <FieldFrame
      name={registration.name}
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      compact={compact}
      tone={tone}
    >
      {({ id, invalid, describedBy }) =>
        multiline ? (
          <textarea
            id={id}
            rows={rows}
            spellCheck={spellCheck}
            className={base}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...registration}
          />
        ) : (
          <div className="relative">
            <input
              id={id}
              type={type}
              autoComplete={autoComplete}
              inputMode={inputMode}
              className={base}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...registration}
            />
            {children}
          </div>
        )
      }
    </FieldFrame>
  );
}
