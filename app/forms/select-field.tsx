import { FieldFrame, type FieldProps } from "./field-frame";

/** A labelled select with its hint and error wired up for assistive technology (as FormField does for inputs). */
export function SelectField({
  registration,
  options,
  autoComplete,
  disabled,
  ...frame
}: FieldProps & {
  options: { value: string; label: string }[];
  autoComplete?: string;
  /** shown but not changeable (its value is still sent) */
  disabled?: boolean;
}) {
  return (
    <FieldFrame name={registration.name} {...frame}>
      {(control) => (
        <select
          {...control}
          autoComplete={autoComplete}
          disabled={disabled}
          className={`mt-1 block min-h-11 w-full rounded-md border px-3 py-2.5 text-base text-ink shadow-sm ${control["aria-invalid"] ? "border-red-700 bg-red-50" : "border-slate-400 bg-white"}`}
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
