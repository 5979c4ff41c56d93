import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

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
    return (
      <Suspense fallback={fallback(props)}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(Later, { load });
}
