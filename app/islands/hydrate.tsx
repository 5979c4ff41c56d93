import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot, type Root, type RootOptions } from "react-dom/client";
import { StoreProvider } from "~/state/providers";
import type { AppStore } from "~/state/store";
import { islandContent } from "./island";
import { islands, type IslandEntry, type IslandName } from "./registry";

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates one element that <Island> prerendered: the registry's component for its name, with its JSON props,
 * inside the page's one store when it reads the candidate. `onHydrated` runs once it is in place; a mismatch
 * goes to `onRecoverableError` (by default the window's error event, as React does).
 */
export async function hydrateIsland(
  element: HTMLElement,
  index: number,
  store: AppStore,
  {
    onHydrated = () => {},
    onRecoverableError,
  }: { onHydrated?: () => void } & Pick<RootOptions, "onRecoverableError"> = {},
): Promise<Root> {
  const name = element.dataset.island as IslandName;
  const entry = islands[name] as IslandEntry<object> | undefined;
  if (!entry) throw new Error(`No island named "${name}" in app/islands/registry.tsx`);
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
  const Component = await entry.load();
  // once, though StrictMode runs an effect twice in development
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      onHydrated();
    }
  };
  const content = islandContent(entry, Component, props, (node) => <StoreProvider store={store}>{node}</StoreProvider>);
  let root!: Root;
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser in between (a
  // default-priority hydration is one task per island); an event on a part not yet hydrated hydrates that
  // part first, as it would anyway.
  startTransition(() => {
    root = hydrateRoot(
      element,
      <StrictMode>
        <Hydrated onHydrated={once}>{content}</Hydrated>
      </StrictMode>,
      // each root numbers its useId ids from the start: a prefix of its own keeps two islands' ids apart
      { identifierPrefix: `island${index}-`, ...(onRecoverableError && { onRecoverableError }) },
    );
  });
  return root;
}
