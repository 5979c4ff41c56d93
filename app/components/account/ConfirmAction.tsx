import { useRef, useState } from "react";
import { apiMessage } from "~/lib/api/error";

/**
 * An action asked twice (cancelling a purchase, a booking): `ask` shows the confirmation and puts the focus
 * on its keep button; `confirm` runs the action and hands its message on, or keeps the refusal in `error`.
 */
export function useConfirmAction(
  run: () => Promise<{ message: string }>,
  onDone: (message: string) => void,
  fallback: string,
) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const ask = () => {
    setConfirming(true);
    requestAnimationFrame(() => keepRef.current?.focus());
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone((await run()).message);
    } catch (e) {
      setError(apiMessage(e, fallback));
      setBusy(false);
    }
  };
  return { confirming, busy, error, keepRef, ask, confirm, keep: () => setConfirming(false) };
}

/** The confirmation of a `useConfirmAction`: the question, the button that does it and the one that keeps things as they are. */
export function Confirmation({
  action,
  label,
  question,
  yes,
  keep,
}: {
  action: ReturnType<typeof useConfirmAction>;
  label: string;
  question: string;
  yes: string;
  keep: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3" role="group" aria-label={label}>
      <span className="text-sm font-semibold">{question}</span>
      <button type="button" className="btn-primary" onClick={action.confirm} disabled={action.busy}>
        {action.busy ? "Cancelling…" : yes}
      </button>
      <button ref={action.keepRef} type="button" className="btn-outline" onClick={action.keep} disabled={action.busy}>
        {keep}
      </button>
    </div>
  );
}
