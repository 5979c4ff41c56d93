import { FieldFrame, type FieldProps } from "./field-frame";

export { FieldIds } from "./field-frame";

/** A labelled input (or textarea) with its hint and its error message wired up for assistive technology. */
export function FormField({
  registration,
  type = "text",
  autoComplete,
  multiline,
  rows = 5,
  mono,
  spellCheck,
  inputMode,
  children,
  ...frame
}: FieldProps & {
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  /** a multiline field's height in lines (5 unless given) */
  rows?: number;
  /** a fixed-width font, for pasted data (CSV rows, JSON) */
  mono?: boolean;
  spellCheck?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  children?: React.ReactNode;
}) {
  const size = frame.compact ? "px-2 py-1 text-sm" : "px-3 py-2.5 text-base";
  const className = `mt-1 block w-full rounded-md border ${size}${mono ? " font-mono" : ""} text-ink shadow-sm focus:border-brand-600 ${frame.error?.message ? "border-red-700 bg-red-50" : "border-slate-400 bg-white"}`;
  return (
    <FieldFrame name={registration.name} {...frame}>
      {(control) =>
        multiline ? (
          <textarea {...control} rows={rows} spellCheck={spellCheck} className={className} {...registration} />
        ) : (
          <div className="relative">
            <input
              {...control}
              type={type}
              autoComplete={autoComplete}
              inputMode={inputMode}
              className={className}
              {...registration}
            />
            {children}
          </div>
        )
      }
    </FieldFrame>
  );
}
