import { Dialog } from "radix-ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { ResendConfirmation } from "~/components/ResendConfirmation";
import { certificationById } from "~/data/exams";
import { FormAlert } from "~/forms/form-alert";
import { useFreshUser } from "~/lib/useFreshUser";
import { EMAIL_MESSAGES } from "~/schemas/email";
import type { OrderSummary } from "~/schemas/order-record";
import { useAppSelector } from "~/state/providers";
import { contentBase, overlayCls } from "./purchase/ConfirmPurchase";
import { NotYet, useEligibility } from "./purchase/Eligibility";
import { OrderForm } from "./purchase/OrderForm";
import { usePaymentMode } from "./purchase/usePaymentMode";
import { Receipt } from "./purchase/Receipt";
import { SignInToBuy } from "./purchase/SignInToBuy";

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
              <Receipt order={done} headingRef={doneRef} />
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
