import { persistOnce } from "~/state/providers";
import { makeStore } from "~/state/store";
import { hydrateIsland } from "./hydrate";

/**
 * The script of every prerendered page (docs/decisions/0026): it creates the page's one store, attaches its
 * persistence once, and hydrates each part marked by <Island> (./island.tsx) on its own, with the component
 * and props it was prerendered with (./hydrate.tsx). The navigation and footer come with this script; the
 * other islands' components load as it starts. Nothing here imports React Router: links load the page they name.
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

const store = makeStore();
const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
let pending = elements.length;
let persisting = false;

/** Once the first island is in place (hydration renders the signed-out state), the persisted user is read back;
 * once the last one is, data-islands="hydrated" tells whoever waits (the browser tests). */
function hydrated() {
  if (!persisting) {
    persisting = true;
    persistOnce(store);
  }
  pending -= 1;
  if (pending === 0) document.documentElement.dataset.islands = "hydrated";
}

elements.forEach((element, index) => void hydrateIsland(element, index, store, { onHydrated: hydrated }));
