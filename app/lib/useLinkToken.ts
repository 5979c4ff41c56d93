import { useEffect, useState } from "react";

/**
 * The `token` of a link we sent by e-mail (/reset-password?token=…, /confirm-email?token=…).
 * The pages are prerendered without a query string, so the token is read after hydration:
 * `undefined` until then, "" when the link has none.
 */
export function useLinkToken(): string | undefined {
  const [token, setToken] = useState<string | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get("token") ?? ""), []);
  return token;
}
