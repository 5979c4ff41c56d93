import type { FieldErrors, FieldValues } from "react-hook-form";

/**
 * After a refused submit, focus the first invalid field in the order the form shows them (issue 25.20).
 * react-hook-form focuses the first field in the order the fields were registered, which is not the
 * order on screen when a form composes its fields (sign-up registers the e-mail before the names).
 * Use as handleSubmit's second argument, with `shouldFocusError: false`.
 */
export function focusFirstInvalid<T extends FieldValues>(form: HTMLFormElement | null, errors: FieldErrors<T>) {
  const first = [...(form?.elements ?? [])].find(
    (el): el is HTMLInputElement => "name" in el && typeof el.name === "string" && el.name in errors,
  );
  first?.focus();
}
