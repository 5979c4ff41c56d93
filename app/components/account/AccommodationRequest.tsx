import { lazy, Suspense } from "react";
import { Link } from "~/lib/router";
import { useAppSelector, useRehydrated } from "~/state/providers";

// the form, its library and the schemas load only for a signed-in candidate: the policy page stays light
const AccommodationForm = lazy(() => import("./AccommodationForm").then((m) => ({ default: m.AccommodationForm })));

/** The special accommodation request on /special-accommodations: the form when signed in, a way to sign in otherwise. */
export function AccommodationRequest() {
  const user = useAppSelector((s) => s.user);
  const rehydrated = useRehydrated();
  return (
    <section aria-labelledby="accommodation-form-title" className="not-prose mt-8 rounded-2xl bg-navy-50 p-6 sm:p-8">
      <h2 id="accommodation-form-title" className="text-2xl font-bold text-navy-900">
        Request an accommodation
      </h2>
      {!rehydrated ? null : user ? (
        <Suspense fallback={<p className="mt-3 text-muted">Loading the form…</p>}>
          <AccommodationForm />
        </Suspense>
      ) : (
        <p className="mt-3">
          <Link to="/login?next=/special-accommodations" className="link">
            Log in
          </Link>{" "}
          or{" "}
          <Link to="/signup" className="link">
            create an account
          </Link>{" "}
          to send your request with your documents; you can follow it under My requests in your account.
        </p>
      )}
    </section>
  );
}
