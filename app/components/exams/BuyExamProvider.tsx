import { useCallback, useRef, useState } from "react";
import { PurchaseDialog } from "./PurchaseDialog";

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
  const dialog = <PurchaseDialog certId={certId} open={open} onOpenChange={setOpen} returnFocus={opener} />;
  return { buy, dialog };
}
