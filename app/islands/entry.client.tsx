import { persistOnce } from "~/state/providers";
import { makeStore, PERSIST_KEY } from "~/state/store";
import { holdEarlySubmits } from "./early-submit";
import { holdPresses } from "./hold-presses";
import { hydrateIsland } from "./hydrate";
import { islands, type IslandEntry, type IslandName } from "./registry";
import { whenNear } from "./when-near";

/**
 * The script of every prerendered page (docs/decisions/0026): it creates the page's one store, attaches its
 * persistence once, and hydrates each part marked by <Island> (./island.tsx) on its own, with the component
 * and props it was prerendered with (./hydrate.tsx). The navigation and footer come with this script; the
 * other islands' components load as it starts, or when a visitor comes near them (docs/decisions/0028).
 * Nothing here imports React Router: links load the page they name.
 */
if (import.meta.hot) {
  // Development only (dropped from the build). React Router's refresh runtime, which the document loads
  // before this script, ends every hot update by revalidating React Router's data router, which a page of
  // islands has not got: without this stand-in the update stopped there and no island was redrawn. The
  // islands refresh in place, keeping their state.
  Object.assign(window, { __reactRouterDataRouter: { revalidate: async () => {} } });
  // A route module renders the page around the islands on the server: when one changes, load the page again.
  import.meta.hot.on("react-router:hmr", ({ route }: { route?: unknown }) => {
    if (route) window.location.reload();
  });
}

holdEarlySubmits(document);
const store = makeStore();
const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
/** Islands the page waits for at load: those in or near the screen, hydrated, or found away from it. */
let pending = elements.length;
let persisting = false;

function settled() {
  pending -= 1;
  if (pending === 0) document.documentElement.dataset.islands = "hydrated";
}

/** Whether this browser has a signed-in user saved (redux-persist keeps each saved key as JSON in a JSON object). */
function userSaved(): boolean {
  try {
    const saved = localStorage.getItem(`persist:${PERSIST_KEY}`);
    return saved !== null && (JSON.parse(saved) as { user?: string }).user !== "null";
  } catch {
    return true; // storage refused or unreadable: let redux-persist decide, as before
  }
}

/**
 * Persistence (redux-persist, a chunk of its own) is attached once the first island is in place (hydration
 * renders the signed-out state). It is needed at once when a user is saved (to read it back) or when one of the
 * page's own islands reads the store (a form that may sign in, a candidate's page); the shell's parts that come
 * with this script (the navigation) sign nobody in. Otherwise, as for most visitors of the public pages, there
 * is nothing to read or write: it waits until the store has a user.
 */
function persistWhenNeeded() {
  if (persisting) return;
  persisting = true;
  const ownIslandReadsStore = elements.some((e) => {
    const entry = islands[e.dataset.island as IslandName] as IslandEntry<object> | undefined;
    return entry?.store && !entry.now;
  });
  if (ownIslandReadsStore || userSaved()) return void persistOnce(store);
  const unsubscribe = store.subscribe(() => {
    if (!store.getState().user) return;
    unsubscribe();
    persistOnce(store);
  });
}

/** Once every island of the first screen is in place, data-islands="hydrated" tells whoever waits (the browser tests). */
function hydrate(element: HTMLElement, index: number, atLoad: boolean, onHydrated = () => {}) {
  void hydrateIsland(element, index, store, {
    onHydrated: () => {
      persistWhenNeeded();
      element.dataset.hydrated = "";
      if (atLoad) settled();
      onHydrated();
    },
  });
}

// In a task of its own: the task that evaluated the page's modules (React's among them) ends first.
setTimeout(() => elements.forEach(start), 0);

/** Hydrates an island now, or, for the parts marked `near` in the registry (the footer, a form at the bottom of a
 * page), when a visitor comes near them (./when-near.ts): the first screen's parts are ready sooner, and a
 * visitor who never scrolls down costs nothing. */
function start(element: HTMLElement, index: number) {
  const entry = islands[element.dataset.island as IslandName] as IslandEntry<object> | undefined;
  if (!entry?.near) return hydrate(element, index, true);
  // a press that comes before its code (a quick click on a card reached by the pointer) is passed on once it works
  let done!: () => void;
  holdPresses(element, new Promise<void>((resolve) => (done = resolve)));
  whenNear(element, (atLoad) => hydrate(element, index, atLoad, done), settled);
}
