import { Dialog } from "radix-ui";
import { certificationById } from "~/data/exams";
import type { OrderForm as OrderFormValues } from "~/schemas/order";

/** The look of the purchase dialog and of the 'Confirm Purchase' dialog over it (Radix overlay and content). */
export const overlayCls =
  "fixed inset-0 z-50 bg-navy-950/70 data-[state=closed]:animate-[citb-fade-out_150ms_ease-in] data-[state=open]:animate-[citb-fade-in_150ms_ease-out] motion-reduce:animate-none";
export const contentBase =
  "fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white shadow-2xl focus:outline-none data-[state=closed]:animate-[citb-dialog-out_300ms_ease-in] data-[state=open]:animate-[citb-dialog-in_300ms_ease-out] motion-reduce:animate-none";

/** The button that ends the purchase dialog once there is nothing more to do in it (a refusal, the receipt). */
export function CloseDialog() {
  return (
    <Dialog.Close asChild>
      <button type="button" className="btn-primary">
        Close
      </button>
    </Dialog.Close>
  );
}

/**
 * The 'Confirm Purchase' dialog over the order form: open while an order waits for the candidate's
 * confirmation; closing it returns the focus to the form's submit button (unless the order went through).
 */
export function ConfirmPurchase({
  pending,
  sending,
  onCancel,
  onConfirm,
  submitRef,
}: {
  pending: OrderFormValues | null;
  sending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  submitRef: React.RefObject<HTMLButtonElement | null>;
}) {
  const exam = pending ? certificationById(pending.courseCertId) : undefined;
  return (
    <Dialog.Root open={pending !== null} onOpenChange={(o) => !o && !sending && onCancel()}>
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
              {exam?.title}: {exam?.nonMemberPrice}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <button type="button" className="btn-outline" disabled={sending}>
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className="btn-primary" onClick={onConfirm} disabled={sending}>
              {sending ? "Processing…" : "Confirm"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
