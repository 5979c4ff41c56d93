import { useState } from "react";
import { FormAlert } from "~/forms/form-alert";
import { ApiError, call } from "~/lib/api/client";
import { resendConfirmationEndpoint } from "~/schemas/email";

/**
 * "Send the confirmation link again" with its answer (sent, already confirmed, or wait: the server
 * limits how often). The account page and the purchase dialog use it.
 */
export function ResendConfirmation({ onConfirmed }: { onConfirmed?: () => void }) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setStatus(null);
    try {
      setStatus({ ok: true, text: (await call(resendConfirmationEndpoint, {})).message });
    } catch (e) {
      setStatus({ ok: false, text: e instanceof Error ? e.message : "The link could not be sent." });
      if (e instanceof ApiError && e.status === 409) onConfirmed?.();
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="space-y-3">
      <button type="button" className="btn-outline" onClick={send} disabled={sending}>
        {sending ? "Sending…" : "Send the confirmation link again"}
      </button>
      {status && <FormAlert tone={status.ok ? "success" : "error"}>{status.text}</FormAlert>}
    </div>
  );
}
