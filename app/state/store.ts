import { configureStore } from "@reduxjs/toolkit";
import type { Persistor, Storage } from "redux-persist";
import { authReducer } from "./auth";

/** Spec §3: only `user` is saved, under the key for the app root ("persist:root"), rehydrate timeout 5000 ms. */
export const PERSIST_KEY = "root";
export const PERSIST_TIMEOUT_MS = 5000;

/**
 * The browser's localStorage, or nothing where there is no window: redux-persist reads and writes a moment
 * after it starts, which may be after the page (or a test's jsdom) has gone away; then nothing is kept.
 */
const local = () => (typeof window === "undefined" ? undefined : window.localStorage);
const localStorageAdapter: Storage = {
  getItem: (key: string) => Promise.resolve(local()?.getItem(key) ?? null),
  setItem: (key: string, value: string) => Promise.resolve(local()?.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(local()?.removeItem(key)),
};

export const persistConfig = {
  key: PERSIST_KEY,
  storage: localStorageAdapter,
  whitelist: ["user"],
  timeout: PERSIST_TIMEOUT_MS,
};

/** redux-persist's own action types (persist/FLUSH …), which carry functions by design. */
export const PERSIST_ACTIONS = ["FLUSH", "REHYDRATE", "PAUSE", "PERSIST", "PURGE", "REGISTER"].map(
  (a) => `persist/${a}`,
);

/**
 * The store starts with the plain auth reducer: the prerendered page is the signed-out state, and
 * persistence is attached after hydration (attachPersistence), so redux-persist is not part of the
 * JavaScript every page loads first.
 */
export function makeStore() {
  return configureStore({
    reducer: authReducer,
    middleware: (getDefault) => getDefault({ serializableCheck: { ignoredActions: PERSIST_ACTIONS } }),
  });
}

/** Swaps in the persisted reducer and reads `persist:root` back; `onRehydrated` runs once it is done. */
export async function attachPersistence(store: AppStore, onRehydrated: () => void): Promise<Persistor> {
  const { persistReducer, persistStore } = await import("redux-persist");
  store.replaceReducer(persistReducer(persistConfig, authReducer) as unknown as typeof authReducer);
  return persistStore(store, null, onRehydrated);
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore["getState"]>;
export type AppDispatch = AppStore["dispatch"];
