import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ProfileFields } from "~/components/ProfileFields";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { focusFirstInvalid } from "~/forms/useSubmitForm";
import { certificationById, certifications } from "~/data/exams";
import { ApiError, call, apiMessage } from "~/lib/api/client";
import { newAttemptKey, tokenizeCard } from "~/lib/api/orders";
import {
  createOrderEndpoint,
  orderFormSchema,
  paymentModeEndpoint,
  type OrderForm as OrderFormValues,
  type OrderFormInput,
} from "~/schemas/order";
import type { OrderSummary } from "~/schemas/order-record";
import type { User } from "~/schemas/user";
import { useAppSelector } from "~/state/providers";
import { CardFields } from "./CardFields";
import { ConfirmPurchase } from "./ConfirmPurchase";
import { NotYet, type Eligibility } from "./Eligibility";
import { mayRetrySameAttempt, type PaymentSetup } from "./usePaymentMode";

/** The form as it opens: the candidate's details from their account, the card fields empty. */
const emptyOrder = (certId: number, user: User | null): OrderFormInput => ({
  FirstName: user?.firstName ?? "",
  LastName: user?.lastName ?? "",
  Phone: user?.phone ?? "",
  Email: user?.email ?? "",
  Address: user?.address ?? "",
  AddressLine1: user?.addressLine1 ?? "",
  City: user?.city ?? "",
  State: user?.state ?? "",
  Zip: user?.zip ?? "",
  courseCertId: String(certId),
  // already on the profile: keep it there (the box starts ticked only when the candidate agreed before)
  saveDetails: Boolean(user?.phone && user?.address),
  cardNumber: "",
  cvv2: "",
  expiryMonth: "",
  expiryYear: "",
  address: "",
  city: "",
  region: "",
  postal: "",
});

/** The order form inside the purchase dialog, followed by the 'Confirm Purchase' dialog. */
export function OrderForm({
  certId,
  setup,
  onDone,
  onMustConfirm,
  onExamChange,
  examCheck,
}: {
  certId: number;
  setup: PaymentSetup | null;
  onDone: (o: OrderSummary) => void;
  /** the server refused: the signed-in account's address is not confirmed yet */
  onMustConfirm: () => void;
  /** the exam chosen in the selector: the dialog's title follows it and its eligibility is asked at once */
  onExamChange: (certId: number | null) => void;
  /** whether the exam now chosen may be bought (asked when the selection changes) */
  examCheck: Eligibility | "checking" | null;
}) {
  const user = useAppSelector((s) => s.user);
  const [pending, setPending] = useState<OrderFormValues | null>(null);
  // one key per purchase attempt, sent again when the answer was lost, so a retry never charges twice
  const attemptKey = useRef(newAttemptKey());
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const form = useForm<OrderFormInput, unknown, OrderFormValues>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: emptyOrder(certId, user),
    // the fields register in render order (the candidate details are a child component), not page order
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = form;
  const formRef = useRef<HTMLFormElement>(null);
  /** Focuses the first field with an error, in the order the form shows them. */
  const focusFirstError = (invalid: object) => focusFirstInvalid(formRef.current, Object.keys(invalid));
  const chosenId = useWatch({ control, name: "courseCertId" });
  const selected = certificationById(Number(chosenId));
  // issue 25.17: a new exam in the selector changes the title and is checked before the card is entered
  useEffect(() => onExamChange(chosenId ? Number(chosenId) : null), [chosenId, onExamChange]);
  const refusedExam = examCheck && examCheck !== "checking" && !examCheck.allowed ? examCheck : null;

  const confirm = async () => {
    if (!pending) return;
    setSending(true);
    setFormError(null);
    try {
      // the card goes to the payment gateway only; our server gets the token
      const { cardNumber, cvv2, expiryMonth, expiryYear, ...order } = pending;
      const tokensUrl = setup?.tokensUrl ?? (await call(paymentModeEndpoint, {})).tokensUrl;
      const card = await tokenizeCard(tokensUrl, {
        cardNumber,
        cvv2,
        expiryMonth: String(expiryMonth),
        expiryYear: String(expiryYear),
        postal: order.postal,
      });
      const res = await call(createOrderEndpoint, {
        body: {
          ...order,
          courseCertId: String(order.courseCertId),
          paymentToken: card.token,
          idempotencyKey: attemptKey.current,
        },
      });
      setPending(null);
      onDone(res.order);
    } catch (e) {
      setPending(null);
      if (e instanceof ApiError && e.body.error === "email_unconfirmed") return onMustConfirm();
      if (!mayRetrySameAttempt(e)) attemptKey.current = newAttemptKey();
      if (e instanceof ApiError && e.body.fields) {
        for (const [name, message] of Object.entries(e.body.fields))
          setError(name as keyof OrderFormInput, { message });
      }
      setFormError(apiMessage(e, "Something went wrong. Please try again."));
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit((values) => {
          setFormError(null);
          if (refusedExam || examCheck === "checking") {
            setError("courseCertId", { message: refusedExam?.message ?? "Checking that you can buy this exam…" });
            return focusFirstInvalid(formRef.current, ["courseCertId"]);
          }
          setPending(values);
        }, focusFirstError)}
        className="space-y-6"
        data-order-form=""
      >
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">Exam</legend>
          <SelectField
            label="Certification exam"
            registration={register("courseCertId")}
            error={errors.courseCertId}
            options={[
              { value: "", label: "Choose an exam" },
              ...certifications
                .filter((c) => c.available)
                .map((c) => ({ value: String(c.id), label: `${c.title} (${c.nonMemberPrice})` })),
            ]}
          />
          {selected && (
            <p className="text-sm text-muted">
              Price: <strong className="text-navy-900">{selected.nonMemberPrice}</strong> (non-member). No prior
              training or membership is required.
            </p>
          )}
          {examCheck === "checking" && (
            <p role="status" className="text-sm text-muted">
              Checking that you can buy this exam…
            </p>
          )}
          {refusedExam && <NotYet e={refusedExam} />}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">Candidate details</legend>
          <ProfileFields
            register={register}
            errors={errors}
            extra={() => (
              <FormField
                label="E-mail address"
                type="email"
                autoComplete="email"
                registration={register("Email")}
                error={errors.Email}
              />
            )}
          />
          {/* consent, in the form's words, to keep these on the profile (issue 25.17): not retyped at the next
              purchase, and staff see them on the candidate's page */}
          <label className="flex min-h-11 items-start gap-3 font-medium text-navy-900">
            <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600" {...register("saveDetails")} />
            <span>
              Keep these contact details (telephone and postal address) on my CITB profile, so my next purchase starts
              with them and CITB staff can reach me about my exams. I can change them on my account page.
            </span>
          </label>
        </fieldset>

        <CardFields form={form} />

        {formError && <FormAlert focusRef={alertRef}>{formError}</FormAlert>}
        <button ref={submitRef} type="submit" className="btn-primary w-full sm:w-auto">
          Review and pay {selected?.nonMemberPrice ?? ""}
        </button>
      </form>

      <ConfirmPurchase
        pending={pending}
        sending={sending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        submitRef={submitRef}
      />
    </>
  );
}
