import { createContext, useContext, useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

/**
 * The fields of a form that is prerendered inside an island (app/islands) take their ids from this
 * prefix and their names: React's useId numbers ids by the place in the tree, which differs between the
 * page and the island. Names are unique within a form; the prefix keeps two forms apart.
 */
export const FieldIds = createContext<string | null>(null);

/** A field's id: the form's FieldIds prefix and the field's name inside an island, from useId elsewhere. */
export function useFieldId(name: string) {
  const prefix = useContext(FieldIds);
  const generated = useId();
  return prefix ? `${prefix}-${name}` : generated;
}

/** What a field shows around its control: the label, a hint, the error, and how it looks. */
export interface FrameProps {
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: FieldError | { message?: string };
  optional?: boolean;
  /** smaller type and padding, for a form inside a table or a side panel */
  compact?: boolean;
  tone?: "light" | "dark";
}

/** What every field component takes: its frame and its registration with the form. */
export interface FieldProps extends FrameProps {
  registration: UseFormRegisterReturn;
}

/** What the frame gives its control, spread on it: the id, and the ids of the hint and error that describe it. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * The frame every field component shares: the label, the hint, the control (`children`, given the props
 * that tie it to the label, hint and error) and the error message, tied together for assistive technology.
 * Ids come from the form's FieldIds prefix and the field's name inside an island, from useId elsewhere.
 */
export function FieldFrame({
  name,
  label,
  hint,
  error,
  optional,
  compact,
  tone = "light",
  children,
}: FrameProps & {
  name: string;
  children: (control: ControlProps) => React.ReactNode;
}) {
  const id = useFieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error?.message ? `${id}-err` : undefined;
  const dark = tone === "dark";
  return (
    <div>
      <label
        htmlFor={id}
        className={`block font-semibold ${dark ? "text-white" : "text-navy-900"}${compact ? " text-sm" : ""}`}
      >
        {label}
        {optional && <span className={`font-normal ${dark ? "text-navy-100" : "text-muted"}`}> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className={`text-sm ${dark ? "text-navy-100" : "text-muted"}`}>
          {hint}
        </p>
      )}
      {children({
        id,
        "aria-invalid": error?.message ? true : undefined,
        "aria-describedby": [hintId, errId].filter(Boolean).join(" ") || undefined,
      })}
      <FieldErrorText id={errId} error={error} tone={tone} />
    </div>
  );
}

/** A field's error message, under the field (its id is what the control's aria-describedby names). */
export function FieldErrorText({
  id,
  error,
  tone = "light",
}: {
  id: string | undefined;
  error?: FieldError | { message?: string };
  tone?: "light" | "dark";
}) {
  if (!error?.message) return null;
  return (
    <p id={id} className={`mt-1 text-sm font-medium ${tone === "dark" ? "text-red-200" : "text-red-800"}`}>
      {error.message}
    </p>
  );
}
