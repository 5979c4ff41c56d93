import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { WAITING } from "~/islands/early-submit";
import { ApiError } from "~/lib/api/error";
import type { z } from "~/schemas/zod";
import { FormAlert } from "./form-alert";

/** What the form's alert says about the whole submission: a refusal, or a confirmation. */
export interface FormStatus {
  ok: boolean;
  text: string;
}

/**
 * Focuses the first field named in `names`, in the order the form shows its fields (issue 25.20).
 * react-hook-form focuses in the order fields were registered, which is not the order on screen when a
 * form composes its fields (sign-up registers the e-mail before the names), so the hook does it itself.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, names: Iterable<string>) {
  const wanted = new Set(names);
  // a group's message ("options") is said at its first field ("options.0")
  const named = (name: string) => wanted.has(name) || wanted.has(name.replace(/\.\d+$/, ""));
  const first = [...(form?.elements ?? [])].find(
    (el): el is HTMLInputElement => "name" in el && typeof el.name === "string" && named(el.name),
  );
  first?.focus();
}

export interface SubmitFormOptions<TIn extends FieldValues, TOut, R> {
  /** the form's zod schema (usually the endpoint's own): the browser checks the fields with it before sending */
  schema?: z.ZodMiniType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** sends the checked values, as a rule `(values) => call(someEndpoint, { body: values })` */
  send: (values: TOut) => Promise<R>;
  /**
   * after a success: may reset the form or go elsewhere; a text it returns, the form's alert confirms (a
   * status says a refusal the answer carries, as a checked file with errors)
   */
  done?: (
    res: R,
    values: TOut,
    form: UseFormReturn<TIn, unknown, TOut>,
  ) => string | FormStatus | void | Promise<string | FormStatus | void>;
  /** the alert's text for a refusal that names no field (default: the API's message) */
  failure?: (e: unknown) => string;
  /** the server's field messages as the form shows them (a renamed field, a fuller message) */
  serverFields?: (fields: Record<string, string>, values: TOut) => Record<string, string>;
  /** the alert's colours: "dark" on a dark section */
  theme?: "light" | "dark";
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong. Please try again.");

/**
 * The one way a form submits (docs/architecture.md, "Forms"): react-hook-form with the schema, then
 * `send`. A refused check or a 400 that names fields puts each message under its field and focuses the
 * first one on screen; any other refusal, and the confirmation `done` returns, is said once in the form's
 * alert, which takes the focus. Spread `formProps` on the <form>, `field(name)` on a field component,
 * and render `alert` above the submit button.
 */
export function useSubmitForm<TIn extends FieldValues, TOut = TIn, R = unknown>(
  options: SubmitFormOptions<TIn, TOut, R>,
) {
  const { schema, defaultValues, send, done, failure = messageOf, serverFields, theme } = options;
  const form = useForm<TIn, unknown, TOut>({
    resolver: schema
      ? (zodResolver(schema as Parameters<typeof zodResolver>[0]) as unknown as Resolver<TIn, unknown, TOut>)
      : undefined,
    defaultValues,
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  // the form's code is here: a submission the islands script held (app/islands/early-submit.ts) goes now
  useEffect(() => formRef.current?.removeAttribute(WAITING.name), []);
  const [status, setStatus] = useState<FormStatus | null>(null);
  const say = (s: FormStatus) => {
    setStatus(s);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setStatus(null);
      try {
        const res = await send(values);
        const said = await done?.(res, values, form);
        if (said) say(typeof said === "string" ? { ok: true, text: said } : said);
      } catch (e) {
        const given = e instanceof ApiError ? (e.body.fields ?? {}) : {};
        const fields = serverFields ? serverFields(given, values) : given;
        const known = Object.keys(form.getValues());
        const named: string[] = [];
        for (const [key, message] of Object.entries(fields)) {
          // "documents.1" is said at the "documents" field
          const name = known.includes(key) ? key : known.find((k) => key.startsWith(`${k}.`));
          if (!name || named.includes(name)) continue;
          form.setError(name as Path<TIn>, { type: "server", message });
          named.push(name);
        }
        if (named.length > 0) focusFirstInvalid(formRef.current, named);
        else say({ ok: false, text: failure(e) });
      }
    },
    (errors) => focusFirstInvalid(formRef.current, Object.keys(errors)),
  );

  /** The registration and the error of one field, for FormField, PasswordField, SelectField or FileField. */
  const field = (name: Path<TIn>, rules?: RegisterOptions<TIn, Path<TIn>>) => ({
    registration: form.register(name, rules),
    error: form.getFieldState(name, form.formState).error,
  });

  const alert = status && (
    <FormAlert tone={status.ok ? "success" : "error"} theme={theme} focusRef={alertRef}>
      {status.text}
    </FormAlert>
  );

  return {
    form,
    field,
    formProps: { ref: formRef, method: "post", noValidate: true, onSubmit, [WAITING.name]: WAITING.value },
    alert,
    status,
    setStatus,
    /** says a status in the form's alert and focuses it (for an action beside the form, as a button in a list) */
    say,
    submitting: form.formState.isSubmitting,
  };
}
