import { useEffect, useState } from "react";
import { Link, NavLink, useNavigate } from "~/lib/router";
import { FormAlert } from "~/forms/form-alert";
import { ApiError } from "~/lib/api/error";
import { logout, type User } from "~/state/auth";
import { useAppDispatch, useAppSelector, useRehydrated } from "~/state/providers";

/** The account's sections: the overview (/account) and one page per part of the certification program. */
export const ACCOUNT_SECTIONS = [
  { to: "/account", label: "Overview" },
  { to: "/account/exams", label: "My exams" },
  { to: "/account/results", label: "My results" },
  { to: "/account/certifications", label: "My certifications" },
  { to: "/account/education", label: "Continuing education" },
  { to: "/account/requests", label: "My requests" },
] as const;

/** The account's sub-navigation: the current page is marked for assistive technology (aria-current). */
export function AccountNav() {
  return (
    <nav aria-label="Account" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {ACCOUNT_SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold no-underline ${
                  isActive ? "bg-navy-900 text-white" : "bg-white text-navy-900 shadow-sm hover:bg-navy-100"
                }`
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The frame of an account sub-page: sends a signed-out reader to log in (and back), shows the
 * heading and the sub-navigation, then the page's own content for the signed-in user.
 */
export function AccountPage({
  title,
  path,
  intro,
  children,
}: {
  title: string;
  path: string;
  intro?: React.ReactNode;
  children: (ctx: { user: User }) => React.ReactNode;
}) {
  const user = useAppSelector((s) => s.user);
  const rehydrated = useRehydrated();
  const navigate = useNavigate();
  useEffect(() => {
    if (rehydrated && !user) navigate(`/login?next=${encodeURIComponent(path)}`, { replace: true });
  }, [rehydrated, user, navigate, path]);
  return (
    <div className="bg-navy-50 py-12">
      <div className="container-page max-w-4xl">
        <h1 className="text-3xl font-extrabold text-navy-900 sm:text-4xl">{title}</h1>
        {intro && <div className="mt-2 text-muted">{intro}</div>}
        <AccountNav />
        {!user ? (
          <p className="mt-6 text-muted" role="status">
            Loading your account…
          </p>
        ) : (
          <div className="mt-8 space-y-8">{children({ user })}</div>
        )}
      </div>
    </div>
  );
}

/**
 * Loads what a page shows (the session cookie authenticates the call); `reload` fetches again (after a
 * change). A 401 (the session ended) signs the reader out, which sends them to log in.
 */
export function useAccountData<T>(load: () => Promise<T>) {
  const dispatch = useAppDispatch();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let alive = true;
    load()
      .then((d) => alive && (setData(d), setError(null)))
      .catch((e) => {
        if (!alive) return;
        if (e instanceof ApiError && e.status === 401) dispatch(logout());
        setError(e instanceof Error ? e.message : "This page could not be loaded.");
      });
    return () => {
      alive = false;
    };
    // `load` is written inline by the page; reloading on version is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, dispatch]);
  return { data, error, reload: () => setVersion((v) => v + 1) };
}

/** The loading and error states every account list shares. */
export function Loading<T>({
  state,
  what,
  children,
}: {
  state: { data: T | null; error: string | null };
  what: string;
  children: (data: T) => React.ReactNode;
}) {
  if (state.error) return <FormAlert>{state.error}</FormAlert>;
  if (state.data === null)
    return (
      <p className="text-muted" role="status">
        Loading your {what}…
      </p>
    );
  return <>{children(state.data)}</>;
}

/** A white card with a heading, as the overview's sections look. */
export function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="mb-4 text-2xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a list of the account says while it is empty, with the link to where its first entry comes from. */
export function NothingYet({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <p className="text-muted">
      {text}{" "}
      <Link to={to} className="link">
        {link}
      </Link>
      .
    </p>
  );
}
