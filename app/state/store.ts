import { configureStore } from "@reduxjs/toolkit";
import {
  persistReducer,
  persistStore,
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Storage,
} from "redux-persist";
import { authReducer } from "./authSlice";

/** Spec §3: only `user` is saved, under the key for the app root ("persist:root"), rehydrate timeout 5000 ms. */
export const PERSIST_KEY = "root";
export const PERSIST_TIMEOUT_MS = 5000;

const localStorageAdapter: Storage = {
  getItem: (key: string) => Promise.resolve(window.localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(window.localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(window.localStorage.removeItem(key)),
};

export const persistConfig = {
  key: PERSIST_KEY,
  storage: localStorageAdapter,
  whitelist: ["user"],
  timeout: PERSIST_TIMEOUT_MS,
};

export function makeStore() {
  return configureStore({
    reducer: persistReducer(persistConfig, authReducer),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore["getState"]>;
export type AppDispatch = AppStore["dispatch"];
export { persistStore };
