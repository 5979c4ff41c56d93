import { useEffect, useState } from "react";
import { Provider, useDispatch, useSelector, type TypedUseSelectorHook } from "react-redux";
import { ApiError } from "~/lib/api/error";
import { login, logout } from "./auth";
import { attachPersistence, makeStore, type AppDispatch, type AppStore, type RootState } from "./store";

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

let clientStore: AppStore | undefined;

/**
 * The Redux store. The prerendered HTML is made with the signed-out state; in the browser the
 * persisted user is rehydrated after hydration, then checked against the server session (the
 * HttpOnly cookie): a session that ended clears the user.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [store] = useState(() => (typeof window === "undefined" ? makeStore() : (clientStore ??= makeStore())));
  useEffect(() => {
    let cancelled = false;
    const persistor = attachPersistence(store, () => {
      if (cancelled || !store.getState().user) return;
      import("~/lib/api/auth")
        .then((auth) => auth.me())
        .then(({ user }) => store.dispatch(login(user)))
        .catch((e) => {
          if (e instanceof ApiError && e.status === 401) store.dispatch(logout());
        });
    });
    return () => {
      cancelled = true;
      void persistor.then((p) => p.pause());
    };
  }, [store]);
  return <Provider store={store}>{children}</Provider>;
}

/** True once the persisted state has been read back (or the 5000 ms timeout passed). */
export function useRehydrated(): boolean {
  return useAppSelector((s) => Boolean((s as { _persist?: { rehydrated: boolean } })._persist?.rehydrated));
}
