import { lazy, Suspense, useCallback, useEffect, useRef, type ComponentType, type ReactNode } from "react";

/**
 * How many parts of the page are in place but wait for their code, on the document element
 * (`data-later-parts`): the islands script holds a press on an island not yet working and passes it on once
 * the count is back to 0 (app/islands/hold-presses.ts, which reads the attribute by name so that the islands
 * script does not load this module), since React can hydrate a part only when its code is there.
 */
function countWaiting(change: 1 | -1) {
  const data = document.documentElement.dataset;
  data.laterParts = String(Number(data.laterParts ?? 0) + change);
}
type Waiting = { arrived: boolean; counted: boolean };

/** Renders nothing; its effect runs once the part around it has hydrated with its code. */
function Arrived({ onArrived }: { onArrived: () => void }) {
  useEffect(onArrived, [onArrived]);
  return null;
}

/**
 * A component whose code a prerendered page fetches while it hydrates, instead of preloading it with
 * the page: what the page needs for its first paint stays small (Lighthouse counts every preload as
 * part of it, issue 16). Its prerendered HTML stays in place, and keeps what a visitor types or
 * focuses, until the code arrives and hydrates it; on a page reached in the browser, `fallback` shows
 * for that moment. `load` fetches the code ahead of time (e.g. when a form is about to open).
 */
export function hydrateLater<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> & { load: typeof load } {
  const Component = lazy(() => load().then((c) => ({ default: c })));
  function Later(props: P) {
    const waiting = useRef<Waiting>({ arrived: false, counted: false });
    // in place without its code: counted until Arrived runs (child effects run first when the code is at hand)
    useEffect(() => {
      const state = waiting.current;
      if (state.arrived) return;
      state.counted = true;
      countWaiting(1);
      return () => {
        if (state.counted) {
          state.counted = false;
          countWaiting(-1);
        }
      };
    }, []);
    const arrived = useCallback(() => {
      const state = waiting.current;
      state.arrived = true;
      if (state.counted) {
        state.counted = false;
        countWaiting(-1);
      }
    }, []);
    return (
      <Suspense fallback={fallback(props)}>
        <Component {...props} />
        <Arrived onArrived={arrived} />
      </Suspense>
    );
  }
  return Object.assign(Later, { load });
}
