import { lazy, type ComponentType, type ReactNode } from "react";
import { Providers } from "~/state/providers";
import { islands, type IslandEntry, type IslandName, type IslandProps } from "./registry";

/**
 * An island: a part of a prerendered page that works in the browser (./registry.tsx names them all).
 * While prerendering it renders its component inside an element with `display: contents` that carries
 * its name and its props as JSON; the islands script (./entry.client.tsx) hydrates that element with the
 * same component and props (`islandContent`, used by both). Its component loads as a lazy one: the
 * prerender waits for it (app/entry.server.tsx waits for the whole page).
 */
export function Island<N extends IslandName>({ of, ...props }: { of: N } & IslandProps<N>) {
  const entry = islands[of] as IslandEntry<object>;
  const Component = lazyOf(entry);
  const json = Object.keys(props).length ? JSON.stringify(props) : undefined;
  return (
    <div data-island={of} data-props={json} className="contents">
      {islandContent(entry, Component, props, (node) => (
        <Providers>{node}</Providers>
      ))}
    </div>
  );
}

/**
 * What an island renders, the same while prerendering and when the browser hydrates it: its component with
 * its props, inside the store when it reads the candidate (`withStore`: the prerender's own store, or the
 * page's one store in the browser; neither renders any markup).
 */
export function islandContent<P extends object>(
  entry: IslandEntry<P>,
  Component: ComponentType<P>,
  props: P,
  withStore: (node: ReactNode) => ReactNode,
): ReactNode {
  const node = <Component {...props} />;
  return entry.store ? withStore(node) : node;
}

const lazies = new Map<IslandEntry<object>, ComponentType<object>>();
function lazyOf(entry: IslandEntry<object>): ComponentType<object> {
  if (entry.now) return entry.now;
  let Component = lazies.get(entry);
  if (!Component) {
    Component = lazy(() => entry.load().then((c) => ({ default: c })));
    lazies.set(entry, Component);
  }
  return Component;
}
