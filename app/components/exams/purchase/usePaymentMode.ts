import { useEffect, useState } from "react";
import { ApiError, call } from "~/lib/api/client";
import { paymentModeEndpoint } from "~/schemas/order";

/** The payment gateway's mode (test or live) and where the browser sends the card to get a token. */
export type PaymentSetup = { mode: "test" | "live"; tokensUrl: string };

export function usePaymentMode(active: boolean): PaymentSetup | null {
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

/** Answers after which the same purchase attempt may be sent again (the first may have gone through). */
export const mayRetrySameAttempt = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 0 || e.status >= 500 || e.body.error === "order_in_progress";
