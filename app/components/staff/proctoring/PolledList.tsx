import { useState } from "react";
import { FormAlert } from "~/forms/form-alert";
import { Loading, useFailure } from "../StaffConsole";
import type { useFocusedNotice } from "./usePolled";

/**
 * A list of the proctor's console that reloads in place (usePolled): its heading with the count, a button
 * to refresh it now, what it holds, the notice of the last decision (which takes the focus), a failed load,
 * and the cards (each an <li>, kept by its id) or the line saying there are none.
 */
export function PolledList<T>({
  id,
  title,
  refreshLabel,
  onRefresh,
  intro,
  notice: { notice, ref: noticeRef },
  error,
  what,
  items,
  empty,
  children,
}: {
  /** the heading's id */
  id: string;
  title: string;
  refreshLabel: string;
  onRefresh: () => void;
  intro: React.ReactNode;
  notice: ReturnType<typeof useFocusedNotice>;
  error: string | null;
  /** "the check-ins": shown while the list loads */
  what: string;
  /** undefined until the first answer */
  items: T[] | undefined;
  empty: string;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-bold text-navy-900">
          {title}
          {items ? ` (${items.length})` : ""}
        </h2>
        <button type="button" className="btn-outline min-h-11 px-4 text-sm" onClick={onRefresh}>
          {refreshLabel}
        </button>
      </div>
      <p className="text-sm text-muted">{intro}</p>
      {notice && (
        <FormAlert tone="success" focusRef={noticeRef}>
          {notice}
        </FormAlert>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {!items ? (
        !error && <Loading what={what} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-muted">{empty}</p>
      ) : (
        <ul className="space-y-4">{items.map(children)}</ul>
      )}
    </section>
  );
}

/**
 * An action on a card of the list that waits for the server (approve, pause or resume, end the exam): `run`
 * marks it `busy` and clears the last failure; a failure's message (an ended session sends the proctor to
 * log in) is `error`, shown under the card by `alert`, until the next run or `clear()`.
 */
export function useCardAction() {
  const fail = useFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(fail(e));
    } finally {
      setBusy(false);
    }
  };
  const alert = error && (
    <div className="mt-3">
      <FormAlert>{error}</FormAlert>
    </div>
  );
  return { busy, error, alert, run, clear: () => setError(null) };
}
