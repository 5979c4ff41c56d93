import { useEffect, useState } from "react";
import type { Persistor } from "redux-persist";
import { Provider, useDispatch, useSelector, type TypedUseSelectorHook } from "react-redux";
import { ApiError } from "~/lib/api/error";
import { initialAuthState, login, logout } from "./auth";
import { attachPersistence, makeStore, type AppDispatch, type AppStore, type RootState } from "./store";

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

let clientStore: AppStore | undefined;

/** The persistence of each store, and how many Providers use it: a page served as islands has one per island. */
const persisted = new Map<AppStore, { users: number; stop: () => void }>();

/**
 * Reads the persisted user back once per store, then checks it against the server session (the HttpOnly
 * cookie): a session that ended clears the user. The last Providers to unmount pauses the persistence.
 *
 * redux-persist writes a moment after a change. When the page goes away (`pagehide`: a link, `navigate()`
 * on a page served as islands, which loads another document, a reload) what is still to be written is
 * written at once, so the next document reads the store as this one left it (signed in, signed out).
 */
export function persistOnce(store: AppStore): () => void {
  let entry = persisted.get(store);
  if (!entry) {
    let cancelled = false;
    let ready: Persistor | undefined;
    const persistor = attachPersistence(store, () => {
      if (cancelled || !store.getState().user) return;
      Promise.all([import("~/lib/api/client"), import("~/schemas/auth")])
        .then(([{ call }, { meEndpoint }]) => call(meEndpoint, {}))
        .then(({ user }) => store.dispatch(login(user)))
        .catch((e) => {
          if (e instanceof ApiError && e.status === 401) store.dispatch(logout());
        });
    });
    void persistor.then((p) => (ready = p));
    const flush = () => void ready?.flush();
    window.addEventListener("pagehide", flush);
    entry = {
      users: 0,
      stop: () => {
        cancelled = true;
        window.removeEventListener("pagehide", flush);
        void persistor.then((p) => p.pause());
      },
    };
    persisted.set(store, entry);
  }
  entry.users += 1;
  const current = entry;
  return () => {
    current.users -= 1;
    if (current.users === 0) {
      persisted.delete(store);
      current.stop();
    }
  };
}

/**
 * The Redux store. The prerendered HTML is made with the signed-out state; in the browser the
 * persisted user is rehydrated after hydration, then checked against the server session (the
 * HttpOnly cookie): a session that ended clears the user.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [store] = useState(() => (typeof window === "undefined" ? makeStore() : (clientStore ??= makeStore())));
  useEffect(() => persistOnce(store), [store]);
  return <StoreProvider store={store}>{children}</StoreProvider>;
}

/**
 * Gives `store` to its children. Hydration renders with the state the page was prerendered with (signed
 * out, not yet rehydrated), so it matches the HTML even when the persisted user is already back (an island
 * that hydrates after another one read it, app/islands); React renders the current state right after.
 */
export function StoreProvider({ store, children }: { store: AppStore; children: React.ReactNode }) {
  return (
    <Provider store={store} serverState={initialAuthState}>
      {children}
    </Provider>
  );
}

/** True once the persisted state has been read back (or the 5000 ms timeout passed). */
export function useRehydrated(): boolean {
  return useAppSelector((s) => Boolean((s as { _persist?: { rehydrated: boolean } })._persist?.rehydrated));
}
