import { useWatch, type FieldError, type Path, type UseFormReturn } from "react-hook-form";
import { FormField } from "~/forms/form-field";
import { PasswordField } from "~/forms/password-field";
import { PasswordRules } from "~/components/PasswordRules";

interface NameAndPassword {
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * The fields of a new account, as sign-up shows them and the staff invitation reuses them: first and last
 * name side by side, then (children, e.g. the e-mail address) and the new password with its live rules.
 */
export function NewAccountFields<T extends NameAndPassword>({
  form,
  children,
}: {
  form: UseFormReturn<T>;
  children?: React.ReactNode;
}) {
  const { register, control, formState } = form;
  const field = (name: keyof NameAndPassword) => ({
    registration: register(name as Path<T>),
    error: formState.errors[name] as FieldError | undefined,
  });
  const password = (useWatch({ control, name: "password" as Path<T> }) as string | undefined) ?? "";
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" {...field("firstName")} />
        <FormField label="Last name" autoComplete="family-name" {...field("lastName")} />
      </div>
      {children}
      <PasswordField autoComplete="new-password" {...field("password")} />
      <PasswordRules password={password} />
    </>
  );
}
