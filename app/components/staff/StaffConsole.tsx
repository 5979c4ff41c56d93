import { useCallback, useEffect, useState } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import { navigate } from "~/lib/router";
import { ApiError } from "~/lib/api/error";
import { pageMeta } from "~/lib/meta";
import { label } from "~/lib/staff-format";
import { logout, type User } from "~/state/auth";
import { useAppDispatch } from "~/state/providers";

export interface StaffContext {
  user: User;
}

/** The signed-in staff member, given by the console's layout (the session cookie authenticates the calls). */
export const useStaff = () => useOutletContext<StaffContext>();

/** Title and noindex for a console page. */
export const staffMeta = (title: string, path: string) =>
  pageMeta({ title: `${title} · Staff console`, description: "The coalition's staff console.", path, noindex: true });

/** The message of a failed call; an ended session sends the person to the login page and back. */
export function useFailure() {
  const dispatch = useAppDispatch();
  return useCallback(
    (e: unknown): string => {
      if (e instanceof ApiError && e.status === 401) {
        dispatch(logout());
        navigate(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`, {
          replace: true,
        });
      }
      return e instanceof Error ? e.message : "Something went wrong. Please try again.";
    },
    [dispatch],
  );
}

/** Loads data for a page and reloads it when `deps` change or `reload()` is called. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const fail = useFailure();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    load()
      .then((d) => live && setData(d))
      .catch((e) => live && setError(fail(e)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  }, [...deps, n]);
  return { data, error, reload: () => setN((x) => x + 1), setData };
}

/**
 * The options of a select the staff member must choose in: an empty "Choose…" first (nothing is chosen for
 * them), then each label of `labels` with its key as the value.
 */
export const choiceOptions = (labels: Record<string, string>) => [
  { value: "", label: "Choose…" },
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];

/** A page of the console: its one h1 and an optional line under it. */
export function StaffPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0 flex-1 space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold text-navy-900 sm:text-3xl">{title}</h1>
        {intro && <p className="mt-1 text-muted">{intro}</p>}
      </div>
      {children}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-muted">
      Loading {what}…
    </p>
  );
}

/** A labelled select for a list's server-side filter. */
export function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
}) {
  return (
    <label className="block text-sm font-semibold text-navy-900">
      {label}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2 font-normal"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A select of one of a list's filters (`name` in the address), applied at once: its first choice, `all`,
 * is no filter; then each of `values`, named by `title` (by default the value as a label).
 */
export function FilterSelect<V extends string>({
  list,
  name,
  label: text,
  all,
  values,
  title = label,
}: {
  list: { params: URLSearchParams; set: (k: string, v: string) => void };
  name: string;
  label: string;
  all: string;
  values: readonly V[];
  title?: (value: V) => string;
}) {
  return (
    <Select
      label={text}
      value={list.params.get(name) ?? ""}
      onChange={(v) => list.set(name, v)}
      options={[["", all], ...values.map((v): [string, string] => [v, title(v)])]}
    />
  );
}

/** A labelled text or date input for a list's server-side filter (applied when the form is sent). */
export function Input({
  label,
  name,
  type = "text",
  defaultValue,
}: {
  label: string;
  name: string;
  type?: string;
  defaultValue?: string;
}) {
  return (
    <label className="block text-sm font-semibold text-navy-900">
      {label}
      <input
        name={name}
        type={type}
        defaultValue={defaultValue}
        className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 font-normal"
      />
    </label>
  );
}

/**
 * A list's filters kept in the address (so a filtered list can be shared and reloaded): `set` changes one
 * at once (selects), `submit` takes the named inputs of a form (text and dates) when it is sent, and
 * `update` sets several (the pager and the sort).
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  /** Changes named parameters; a change of anything but the page starts again at page 1. */
  const update = (values: Record<string, string>) => {
    const next = new URLSearchParams(params);
    if (!("page" in values)) next.delete("page");
    for (const [k, v] of Object.entries(values)) {
      if (v.trim()) next.set(k, v.trim());
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  return {
    params,
    update,
    set: (k: string, v: string) => update({ [k]: v }),
    submit: (names: string[]) => (e: React.FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const f = new FormData(e.currentTarget);
      update(Object.fromEntries(names.map((k) => [k, String(f.get(k) ?? "")])));
    },
  };
}
