import { useCallback, useState } from "react";
import { PurchaseDialog } from "./PurchaseDialog";

/** Holds which certification the purchase dialog is open for; returns the opener and the dialog. */
export function usePurchaseDialog() {
  const [certId, setCertId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const buy = useCallback((id: number) => {
    setCertId(id);
    setOpen(true);
  }, []);
  const dialog = <PurchaseDialog certId={certId} open={open} onOpenChange={setOpen} />;
  return { buy, dialog };
}
