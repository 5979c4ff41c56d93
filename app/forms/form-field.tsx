import { createContext, useContext, useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

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

/**
 * The fields of a form that is prerendered inside an island (app/islands) take their ids from this
 * prefix and their names: React's useId numbers ids by the place in the tree, which differs between the
 * page and the island. Names are unique within a form; the prefix keeps two forms apart.
 */
export const FieldIds = createContext<string | null>(null);

/** A labelled input with its hint and its error message wired up for assistive technology. */
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
  const prefix = useContext(FieldIds);
  const generated = useId();
  const id = prefix ? `${prefix}-${registration.name}` : generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error?.message ? `${id}-err` : undefined;
  const describedBy = [hintId, errId].filter(Boolean).join(" ") || undefined;
  const size = compact ? "px-2 py-1 text-sm" : "px-3 py-2.5 text-base";
  const base = `mt-1 block w-full rounded-md border ${size}${mono ? " font-mono" : ""} text-ink shadow-sm focus:border-brand-600 ${error?.message ? "border-red-700 bg-red-50" : "border-slate-400 bg-white"}`;
  const labelCls = tone === "dark" ? "text-white" : "text-navy-900";
  return (
    <div>
      <label htmlFor={id} className={`block font-semibold ${labelCls}${compact ? " text-sm" : ""}`}>
        {label}
        {optional && (
          <span className={`font-normal ${tone === "dark" ? "text-navy-100" : "text-muted"}`}> (optional)</span>
        )}
      </label>
      {hint && (
        <p id={hintId} className={`text-sm ${tone === "dark" ? "text-navy-100" : "text-muted"}`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea
          id={id}
          rows={rows}
          spellCheck={spellCheck}
          className={base}
          aria-invalid={error?.message ? true : undefined}
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
            aria-invalid={error?.message ? true : undefined}
            aria-describedby={describedBy}
            {...registration}
          />
          {children}
        </div>
      )}
      {error?.message && (
        <p id={errId} className={`mt-1 text-sm font-medium ${tone === "dark" ? "text-red-200" : "text-red-800"}`}>
          {error.message}
        </p>
      )}
    </div>
  );
}
