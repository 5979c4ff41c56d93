import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { FormField } from "~/forms/form-field";
import type { ProfileInput } from "~/schemas/profile";

type ProfileKey = keyof ProfileInput;

/**
 * The candidate's details (spec §5 profile rules), laid out once for every form that asks for them:
 * the account page and the exam order form. `extra` renders beside the phone number (the order
 * form's e-mail address); it is a function so its field registers after the phone, keeping the form's
 * order for focusing the first field with an error.
 */
export function ProfileFields<T extends FieldValues & ProfileInput>({
  register,
  errors,
  extra,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  extra?: () => React.ReactNode;
}) {
  const field = (name: ProfileKey) => ({
    registration: register(name as Path<T>),
    error: errors[name] as FieldError | undefined,
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" {...field("FirstName")} />
        <FormField label="Last name" autoComplete="family-name" {...field("LastName")} />
        <FormField
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          hint="10 digits, for example 405 555 0123"
          {...field("Phone")}
        />
        {extra?.()}
      </div>
      <FormField label="Address" autoComplete="address-line1" {...field("Address")} />
      <FormField label="Address line 2" optional autoComplete="address-line2" {...field("AddressLine1")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="City" autoComplete="address-level2" {...field("City")} />
        <FormField label="State" autoComplete="address-level1" {...field("State")} />
        <FormField label="Zip code" inputMode="numeric" autoComplete="postal-code" {...field("Zip")} />
      </div>
    </>
  );
}
