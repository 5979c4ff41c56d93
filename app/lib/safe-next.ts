/**
 * Where to go after logging in: the `next` parameter only when it names a page of this site. It is
 * resolved with the URL parser against the site's own origin, as the browser will resolve it, so
 * `/\evil.example`, `/%09/evil.example` and `//evil.example` (which browsers read as another host) are
 * refused; anything refused, or no parameter, goes to the account.
 */
export function safeNext(next: string | null, origin = siteOrigin()): string {
  const fallback = "/account";
  if (!next) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || !next.startsWith("/")) return fallback;
  return url.pathname + url.search + url.hash;
}

function siteOrigin(): string {
  return typeof window === "undefined" ? "http://localhost" : window.location.origin;
}
