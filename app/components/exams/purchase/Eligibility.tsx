import { useEffect, useState } from "react";
import { call } from "~/lib/api/client";
import { formatDay } from "~/lib/dates";
import { CloseDialog } from "./ConfirmPurchase";
import { Link } from "~/lib/router";
import { eligibilityEndpoint } from "~/schemas/credentials";
import { useAppSelector } from "~/state/providers";

export type Eligibility = { allowed: boolean; code?: string; message?: string; availableOn?: string };

/**
 * For a signed-in candidate, whether the retake rules (and an open accommodation request) let them buy
 * this exam now: asked when the dialog opens, so a refusal is explained before the payment form.
 * "checking" while the answer is on its way; null for guests (the server checks them at payment).
 */
export function useEligibility(
  certId: number | null,
  active: boolean,
  opening: number,
): Eligibility | "checking" | null {
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
export function NotYet({ e }: { e: Eligibility }) {
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
      <CloseDialog />
    </div>
  );
}
