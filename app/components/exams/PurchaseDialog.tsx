import { zodResolver } from "@hookform/resolvers/zod";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormField } from "~/forms/form-field";
import { ProfileFields } from "~/components/ProfileFields";
import { certificationById, certifications } from "~/data/exams";
import { ApiError, call } from "~/lib/api/client";
import { newAttemptKey, tokenizeCard } from "~/lib/api/orders";
import {
  createOrderEndpoint,
  orderFormSchema,
  paymentModeEndpoint,
  type OrderForm as OrderFormValues,
  type OrderFormInput,
  type OrderSummary,
  PAYMENT_MESSAGES,
} from "~/schemas/order";
import { FormAlert } from "~/forms/form-alert";
import { eligibilityEndpoint } from "~/schemas/credentials";
import { formatDay } from "~/lib/dates";
import { Link, useLocation } from "~/lib/router";
import { ResendConfirmation } from "~/components/ResendConfirmation";
import { useFreshUser } from "~/lib/useFreshUser";
import { EMAIL_MESSAGES } from "~/schemas/email";
import type { User } from "~/schemas/user";
import { useAppSelector } from "~/state/providers";
import { SelectField } from "~/forms/select-field";

const overlayCls =
  "fixed inset-0 z-50 bg-navy-950/70 data-[state=closed]:animate-[citb-fade-out_150ms_ease-in] data-[state=open]:animate-[citb-fade-in_150ms_ease-out] motion-reduce:animate-none";
const contentBase =
  "fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white shadow-2xl focus:outline-none data-[state=closed]:animate-[citb-dialog-out_300ms_ease-in] data-[state=open]:animate-[citb-dialog-in_300ms_ease-out] motion-reduce:animate-none";

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

type PaymentSetup = { mode: "test" | "live"; tokensUrl: string };

function usePaymentMode(active: boolean): PaymentSetup | null {
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  useEffect(() => {
    if (!active || setup) return;
    let alive = true;
    call(paymentModeEndpoint, {})
      .then((r) => alive && setSetup(r))
      .catch(() => alive && setSetup(null));
    return () => {
      alive = false;
    };
  }, [active, setup]);
  return setup;
}

type Eligibility = { allowed: boolean; code?: string; message?: string; availableOn?: string };

/**
 * For a signed-in candidate, whether the retake rules (and an open accommodation request) let them buy
 * this exam now: asked when the dialog opens, so a refusal is explained before the payment form.
 * "checking" while the answer is on its way; null for guests (the server checks them at payment).
 */
function useEligibility(certId: number | null, active: boolean, opening: number): Eligibility | "checking" | null {
  const user = useAppSelector((s) => s.user);
  // asked again at each opening (`opening` changes): a purchase or a new result changes the answer
  const [result, setResult] = useState<{ certId: number; opening: number; e: Eligibility } | null>(null);
  useEffect(() => {
    if (!active || !user || certId === null) return;
    let alive = true;
    call(eligibilityEndpoint, { params: { certId: String(certId) } })
      .then((e) => alive && setResult({ certId, opening, e }))
      .catch(() => alive && setResult({ certId, opening, e: { allowed: true } })); // the server still checks at payment
    return () => {
      alive = false;
    };
  }, [active, user, certId, opening]);
  if (!user || certId === null) return null;
  return result?.certId === certId && result.opening === opening ? result.e : "checking";
}

/** Why this exam cannot be bought now, and from when it can (instead of the payment form). */
function NotYet({ e }: { e: Eligibility }) {
  return (
    <div className="space-y-3" data-eligibility={e.code ?? "refused"}>
      <h3 className="text-xl font-bold text-navy-900">
        {e.availableOn ? "You cannot buy this exam yet" : "You cannot buy this exam now"}
      </h3>
      <p role="alert" className="rounded-md border-l-4 border-gold-400 bg-gold-300/30 p-3 font-medium text-navy-950">
        {e.message}
      </p>
      {e.availableOn && (
        <p>
          It becomes possible on <strong data-available-on="">{formatDay(e.availableOn)}</strong>.
        </p>
      )}
      <p className="text-sm text-muted">
        Your vouchers, results and requests are in{" "}
        <Link to="/account/exams" className="link">
          your account
        </Link>
        ; the{" "}
        <Link to="/testing/retesting-policy" className="link">
          retesting policy
        </Link>{" "}
        explains the waits.
      </p>
      <Dialog.Close asChild>
        <button type="button" className="btn-primary">
          Close
        </button>
      </Dialog.Close>
    </div>
  );
}

/**
 * For a visitor who is not signed in: exams are bought from an account with a confirmed address
 * (decision 0012), so the dialog shows the exam's price and the way in, and returns here after logging in.
 */
function SignInToBuy({ title, price }: { title: string; price: string }) {
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(pathname + search);
  return (
    <div className="space-y-4" data-sign-in-to-buy="">
      <h3 className="text-xl font-bold text-navy-900">Log in to buy this exam</h3>
      <p>{PAYMENT_MESSAGES.signIn}</p>
      <p>
        {title}: <strong>{price}</strong> (non-member price). No prior training or membership is required.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/login?next=${next}`} className="btn-primary">
          Log in
        </Link>
        <Link to="/signup" className="btn-outline">
          Create an account
        </Link>
      </div>
      <p className="text-sm text-muted">
        A new account gets a link to confirm its e-mail address; follow it, then come back to buy.
      </p>
    </div>
  );
}

/** Answers after which the same purchase attempt may be sent again (the first may have gone through). */
const mayRetrySameAttempt = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 0 || e.status >= 500 || e.body.error === "order_in_progress";

/** The order form inside the purchase dialog, followed by the 'Confirm Purchase' dialog. */
function OrderForm({
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
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useForm<OrderFormInput, unknown, OrderFormValues>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: emptyOrder(certId, user),
    // the fields register in render order (the candidate details are a child component), not page order
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  /** Focuses the first field with an error, in the order the form shows them. */
  const focusFirstError = (invalid: Partial<Record<string, unknown>>) => {
    const fields = Array.from(formRef.current?.elements ?? []) as HTMLInputElement[];
    fields.find((el) => el.name && el.name in invalid)?.focus();
  };
  const chosenId = useWatch({ control, name: "courseCertId" });
  const selected = certificationById(Number(chosenId));
  // issue 25.17: a new exam in the selector changes the title and is checked before the card is entered
  useEffect(() => onExamChange(chosenId ? Number(chosenId) : null), [chosenId, onExamChange]);
  const refusedExam = examCheck && examCheck !== "checking" && !examCheck.allowed ? examCheck : null;
  const year = new Date().getFullYear();

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
      setFormError(e instanceof ApiError ? e.body.message : "Something went wrong. Please try again.");
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setSending(false);
    }
  };

  const copyCandidateAddress = (checked: boolean) => {
    if (!checked) return;
    const v = getValues();
    setValue("address", [v.Address, v.AddressLine1].filter(Boolean).join(", "));
    setValue("city", v.City);
    setValue("region", v.State);
    setValue("postal", v.Zip);
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
            return focusFirstError({ courseCertId: true });
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

        <fieldset className="space-y-4">
          <legend className="text-lg font-bold text-navy-900">Card payment</legend>
          <FormField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            registration={register("cardNumber")}
            error={errors.cardNumber}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label="Expiration month"
              autoComplete="cc-exp-month"
              registration={register("expiryMonth")}
              error={errors.expiryMonth}
              options={[
                { value: "", label: "Month" },
                ...Array.from({ length: 12 }, (_, i) => ({
                  value: String(i + 1),
                  label: String(i + 1).padStart(2, "0"),
                })),
              ]}
            />
            <SelectField
              label="Expiration year"
              autoComplete="cc-exp-year"
              registration={register("expiryYear")}
              error={errors.expiryYear}
              options={[
                { value: "", label: "Year" },
                ...Array.from({ length: 15 }, (_, i) => ({ value: String(year + i), label: String(year + i) })),
              ]}
            />
            <FormField
              label="Security code (CVV)"
              inputMode="numeric"
              autoComplete="cc-csc"
              registration={register("cvv2")}
              error={errors.cvv2}
            />
          </div>
          <label className="flex min-h-11 items-center gap-3 font-medium text-navy-900">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-600"
              onChange={(e) => copyCandidateAddress(e.target.checked)}
            />
            Billing address is the same as my address
          </label>
          <FormField
            label="Billing address"
            autoComplete="billing street-address"
            registration={register("address")}
            error={errors.address}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label="Billing city"
              autoComplete="billing address-level2"
              registration={register("city")}
              error={errors.city}
            />
            <FormField
              label="Billing state"
              autoComplete="billing address-level1"
              registration={register("region")}
              error={errors.region}
            />
            <FormField
              label="Billing zip code"
              autoComplete="billing postal-code"
              registration={register("postal")}
              error={errors.postal}
            />
          </div>
        </fieldset>

        {formError && <FormAlert focusRef={alertRef}>{formError}</FormAlert>}
        <button ref={submitRef} type="submit" className="btn-primary w-full sm:w-auto">
          Review and pay {selected?.nonMemberPrice ?? ""}
        </button>
      </form>

      <Dialog.Root open={pending !== null} onOpenChange={(o) => !o && !sending && setPending(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className={overlayCls} />
          <Dialog.Content
            className={`${contentBase} w-[calc(100vw-2rem)] max-w-md p-6`}
            data-confirm-dialog=""
            onCloseAutoFocus={(e) => {
              // Back to the form's submit button (after Cancel), unless the order went through.
              e.preventDefault();
              if (submitRef.current?.isConnected) submitRef.current.focus();
            }}
          >
            <Dialog.Title className="text-xl font-bold text-navy-900">Confirm Purchase</Dialog.Title>
            <Dialog.Description className="mt-3">Are you sure you want to confirm this purchase?</Dialog.Description>
            {pending && (
              <p className="mt-2 text-sm text-muted">
                {certificationById(pending.courseCertId)?.title}:{" "}
                {certificationById(pending.courseCertId)?.nonMemberPrice}
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <button type="button" className="btn-outline" disabled={sending}>
                  Cancel
                </button>
              </Dialog.Close>
              <button type="button" className="btn-primary" onClick={confirm} disabled={sending}>
                {sending ? "Processing…" : "Confirm"}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

/**
 * The large purchase dialog for one certification: the order form in a 700 by 700 area that scrolls
 * inside on small screens, then the 'Confirm Purchase' dialog, then the order reference.
 */
export function PurchaseDialog({
  certId,
  open,
  onOpenChange,
  returnFocus,
}: {
  certId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the element focused again when the dialog closes (the Buy Exam button that opened it) */
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  const [done, setDone] = useState<OrderSummary | null>(null);
  const [formKey, setFormKey] = useState(0);
  const user = useAppSelector((s) => s.user);
  const [refused, setRefused] = useState(false);
  // a signed-in candidate buys with a confirmed address (the server checks it too)
  useFreshUser(open);
  const mustConfirm = user !== null && (user.emailVerified === false || refused);
  const setup = usePaymentMode(open);
  const mode = setup?.mode ?? null;
  const doneRef = useRef<HTMLHeadingElement>(null);
  const cert = certId ? certificationById(certId) : undefined;
  const eligibility = useEligibility(cert?.id ?? null, open, formKey);
  // the exam chosen in the form's selector (at first the one the dialog opened for)
  const [chosenId, setChosenId] = useState<number | null>(certId);
  const chosen = chosenId ? certificationById(chosenId) : undefined;
  const changed = chosenId !== null && chosenId !== cert?.id;
  const chosenEligibility = useEligibility(changed ? chosenId : null, open, formKey);
  const onExamChange = useCallback((id: number | null) => setChosenId(id), []);

  useEffect(() => {
    if (open) {
      setDone(null);
      setRefused(false);
      setFormKey((k) => k + 1);
      setChosenId(certId);
    }
  }, [open, certId]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayCls} />
        <Dialog.Content
          className={`${contentBase} flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-[760px] flex-col`}
          data-purchase-dialog=""
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            if (returnFocus?.current) {
              e.preventDefault();
              returnFocus.current.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
            <div>
              <p className="eyebrow">Buy an exam</p>
              <Dialog.Title className="mt-1 text-xl font-bold text-navy-900 sm:text-2xl">
                {(chosen ?? cert)?.title ?? "Certification exam"}
              </Dialog.Title>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close"
                className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-navy-900 hover:bg-navy-50"
              >
                <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                </svg>
              </button>
            </Dialog.Close>
          </div>
          <div
            className="mx-auto max-h-[700px] min-h-0 w-full max-w-[700px] flex-1 overflow-y-auto p-5"
            data-purchase-frame=""
          >
            {mode === "test" && user && (
              <p
                className="mb-5 rounded-md border-2 border-dashed border-gold-400 bg-gold-300/30 p-3 text-sm font-medium text-navy-950"
                data-test-mode=""
              >
                <strong>Test mode:</strong> no real charge. Use card 4242 4242 4242 4242.
              </p>
            )}
            {done ? (
              <div role="status" className="space-y-3">
                <h3 ref={doneRef} tabIndex={-1} className="text-2xl font-bold text-brand-700">
                  Thank you! Your exam is purchased.
                </h3>
                <p>
                  Order reference: <strong data-order-reference="">{done.reference}</strong>
                </p>
                <p>
                  {done.examTitle}: {done.amount} charged to {done.cardBrand} ending in {done.cardLast4}.
                </p>
                <p className="text-muted">
                  Keep this reference; our support team will ask for it if you contact us about this order.
                </p>
                {done.voucherCode && (
                  <p>
                    Your exam voucher code:{" "}
                    <strong className="font-mono" data-voucher-code="">
                      {done.voucherCode}
                    </strong>
                    . It is in{" "}
                    <Link to="/account/exams" className="link">
                      My exams
                    </Link>{" "}
                    with how to sit the exam online.
                  </p>
                )}
                <Dialog.Close asChild>
                  <button type="button" className="btn-primary">
                    Close
                  </button>
                </Dialog.Close>
              </div>
            ) : cert && !user ? (
              <SignInToBuy title={cert.title} price={cert.nonMemberPrice} />
            ) : mustConfirm && user ? (
              <div className="space-y-4" data-confirm-address="">
                <FormAlert>{EMAIL_MESSAGES.mustConfirm}</FormAlert>
                <p>
                  We sent the link to <strong className="break-all">{user.email}</strong>.
                </p>
                <ResendConfirmation />
              </div>
            ) : cert && eligibility === "checking" ? (
              <p role="status" className="text-muted">
                Checking that you can buy this exam…
              </p>
            ) : cert && eligibility && eligibility !== "checking" && !eligibility.allowed ? (
              <NotYet e={eligibility} />
            ) : cert ? (
              <OrderForm
                onMustConfirm={() => setRefused(true)}
                onExamChange={onExamChange}
                examCheck={changed ? chosenEligibility : null}
                key={formKey}
                certId={cert.id}
                setup={setup}
                onDone={(o) => {
                  setDone(o);
                  requestAnimationFrame(() => doneRef.current?.focus());
                }}
              />
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
