import type { UseFormReturn } from "react-hook-form";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import type { OrderForm as OrderFormValues, OrderFormInput } from "~/schemas/order";

/** A select's options: `first` for no choice yet, then `count` whole numbers from `from`, each shown as `label` writes it. */
const numberOptions = (first: string, from: number, count: number, label: (n: number) => string = String) => [
  { value: "", label: first },
  ...Array.from({ length: count }, (_, i) => ({ value: String(from + i), label: label(from + i) })),
];

/** The card and billing address part of the order form; the card itself only ever goes to the gateway. */
export function CardFields({ form }: { form: UseFormReturn<OrderFormInput, unknown, OrderFormValues> }) {
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const year = new Date().getFullYear();
  const field = (
    name: "cardNumber" | "cvv2" | "expiryMonth" | "expiryYear" | "address" | "city" | "region" | "postal",
  ) => ({
    registration: register(name),
    error: errors[name],
  });
  const copyCandidateAddress = (checked: boolean) => {
    if (!checked) return;
    const v = getValues();
    setValue("address", [v.Address, v.AddressLine1].filter(Boolean).join(", "));
    setValue("city", v.City);
    setValue("region", v.State);
    setValue("postal", v.Zip);
  };
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-bold text-navy-900">Card payment</legend>
      <FormField label="Card number" inputMode="numeric" autoComplete="cc-number" {...field("cardNumber")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Expiration month"
          autoComplete="cc-exp-month"
          {...field("expiryMonth")}
          options={numberOptions("Month", 1, 12, (m) => String(m).padStart(2, "0"))}
        />
        <SelectField
          label="Expiration year"
          autoComplete="cc-exp-year"
          {...field("expiryYear")}
          options={numberOptions("Year", year, 15)}
        />
        <FormField label="Security code (CVV)" inputMode="numeric" autoComplete="cc-csc" {...field("cvv2")} />
      </div>
      <label className="flex min-h-11 items-center gap-3 font-medium text-navy-900">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-600"
          onChange={(e) => copyCandidateAddress(e.target.checked)}
        />
        Billing address is the same as my address
      </label>
      <FormField label="Billing address" autoComplete="billing street-address" {...field("address")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Billing city" autoComplete="billing address-level2" {...field("city")} />
        <FormField label="Billing state" autoComplete="billing address-level1" {...field("region")} />
        <FormField label="Billing zip code" autoComplete="billing postal-code" {...field("postal")} />
      </div>
    </fieldset>
  );
}
