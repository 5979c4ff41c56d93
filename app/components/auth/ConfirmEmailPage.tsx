import { useEffect, useRef, useState } from "react";
import { Link } from "~/lib/router";
import { AuthCard } from "~/components/AuthCard";
import { FormAlert } from "~/forms/form-alert";
import { call } from "~/lib/api/client";
import { meEndpoint } from "~/schemas/auth";
import { useLinkToken } from "~/lib/useLinkToken";
import { confirmEmailEndpoint, EMAIL_MESSAGES } from "~/schemas/email";
import { login } from "~/state/auth";
import { useAppDispatch, useAppSelector } from "~/state/providers";

/** The page a confirmation link opens: it sends the link's token once and says what happened. */
export function ConfirmEmailPage() {
  const token = useLinkToken();
  const user = useAppSelector((s) => s.user);
  const dispatch = useAppDispatch();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // a link works once: send it once (a development double effect must not use it up)
    if (token === undefined || sent.current) return;
    sent.current = true;
    if (!token) return setResult({ ok: false, text: EMAIL_MESSAGES.badToken });
    call(confirmEmailEndpoint, { body: { token } })
      .then((r) => {
        setResult({ ok: true, text: r.message });
        // a signed-in reader sees the account as it is now (confirmed, perhaps with a new address)
        if (user)
          call(meEndpoint, {})
            .then((m) => dispatch(login(m.user)))
            .catch(() => undefined);
      })
      .catch((e) => setResult({ ok: false, text: e instanceof Error ? e.message : EMAIL_MESSAGES.badToken }));
  }, [token, user, dispatch]);

  return (
    <AuthCard title="Confirm your e-mail address" intro="This page checks the link we sent to your e-mail address.">
      {!result ? (
        <p role="status" className="text-muted">
          Checking your link…
        </p>
      ) : (
        <div className="space-y-4">
          <FormAlert tone={result.ok ? "success" : "error"}>{result.text}</FormAlert>
          <p>
            {user ? (
              <Link to="/account" className="link">
                Go to your account
              </Link>
            ) : (
              <Link to="/login" className="link">
                Log in
              </Link>
            )}
          </p>
        </div>
      )}
    </AuthCard>
  );
}
