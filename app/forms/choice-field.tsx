import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FieldErrorText, useFieldId } from "./field-frame";

/**
 * A group of radio buttons under a legend, one registered field (its value is the chosen option's), with
 * its error said under the group and tied to every option for assistive technology.
 */
export function ChoiceField({
  legend,
  registration,
  error,
  options,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  options: { value: string; label: string }[];
}) {
  const id = useFieldId(registration.name);
  const errId = error?.message ? `${id}-err` : undefined;
  return (
    <fieldset>
      <legend className="font-semibold text-navy-900">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2">
            <input type="radio" value={o.value} className="size-5" aria-describedby={errId} {...registration} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldErrorText id={errId} error={error} />
    </fieldset>
  );
}
