import { Link, useLocation } from "~/lib/router";
import { PAYMENT_MESSAGES } from "~/schemas/order";

/**
 * For a visitor who is not signed in: exams are bought from an account with a confirmed address
 * (decision 0012), so the dialog shows the exam's price and the way in, and returns here after logging in.
 */
export function SignInToBuy({ title, price }: { title: string; price: string }) {
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(pathname + search);
  return (
    <div className="space-y-4" data-sign-in-to-buy="">
      <h3 className="text-xl font-bold text-navy-900">Log in to buy this exam</h3>
      <p>{PAYMENT_MESSAGES.signIn}</p>
      <p>
        {title}: <strong>{price}</strong> (non-member price). No prior training or membership is required.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/login?next=${next}`} className="btn-primary">
          Log in
        </Link>
        <Link to="/signup" className="btn-outline">
          Create an account
        </Link>
      </div>
      <p className="text-sm text-muted">
        A new account gets a link to confirm its e-mail address; follow it, then come back to buy.
      </p>
    </div>
  );
}
