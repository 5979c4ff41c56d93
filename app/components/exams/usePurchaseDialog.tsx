import { lazy, Suspense, useCallback, useRef, useState } from "react";

// The dialog, the form library and the schema load only when someone buys: pages stay light.
const PurchaseDialog = lazy(() => import("./PurchaseDialog").then((m) => ({ default: m.PurchaseDialog })));

/** Holds which certification the purchase dialog is open for; returns the opener and the dialog. */
export function usePurchaseDialog() {
  const [certId, setCertId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  // The dialog has no Radix trigger (one dialog serves many buttons): remember which button opened it.
  const opener = useRef<HTMLElement | null>(null);
  const buy = useCallback((id: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCertId(id);
    setOpen(true);
  }, []);
  const dialog =
    certId === null ? null : (
      <Suspense fallback={null}>
        <PurchaseDialog certId={certId} open={open} onOpenChange={setOpen} returnFocus={opener} />
      </Suspense>
    );
  return { buy, dialog };
}
