// @vitest-environment jsdom
import * as reduxPersist from "redux-persist";
import { describe, expect, it } from "vitest";
import {
  authReducer,
  initialAuthState,
  login,
  loginUser,
  logout,
  logoutUser,
  signupUser,
  type AuthState,
} from "./auth";
import { testUser } from "~/testing/user";
import { attachPersistence, makeStore, PERSIST_ACTIONS, PERSIST_KEY, PERSIST_TIMEOUT_MS, persistConfig } from "./store";

const user = testUser();
const creds = { email: "a@example.com", password: "Sup3r$ecret" };
const certUser = { firstName: "Ada", lastName: "L", ...creds };
const withError: AuthState = { ...initialAuthState, error: "old error" };

describe("auth reducer: spec §4 transitions", () => {
  it.each([
    ["login", loginUser.pending("r", creds)],
    ["sign-up", signupUser.pending("r", certUser)],
  ])("%s pending sets loading and clears error", (_, pending) => {
    expect(authReducer(withError, pending)).toEqual({
      ...initialAuthState,
      loading: true,
      error: null,
    });
  });
  it("login success ends loading and stores user and token", () => {
    const s = authReducer(
      { ...initialAuthState, loading: true },
      loginUser.fulfilled({ user, token: "tok" }, "r", creds),
    );
    expect(s).toEqual({ user, token: "tok", error: null, loading: false });
  });
  it("login failure ends loading and stores the error", () => {
    const s = authReducer(
      { ...initialAuthState, loading: true },
      loginUser.rejected(null, "r", creds, "The e-mail address or password is incorrect."),
    );
    expect(s).toEqual({ ...initialAuthState, loading: false, error: "The e-mail address or password is incorrect." });
  });
  it("sign-up success ends loading without storing a user", () => {
    const s = authReducer({ ...initialAuthState, loading: true }, signupUser.fulfilled({ user }, "r", certUser));
    expect(s).toEqual({ ...initialAuthState, loading: false });
    expect(s.user).toBeNull();
  });
  it("sign-up failure stores the error", () => {
    const s = authReducer(
      { ...initialAuthState, loading: true },
      signupUser.rejected(null, "r", certUser, "Email already registered to an account, please use a different one."),
    );
    expect(s.error).toBe("Email already registered to an account, please use a different one.");
    expect(s.user).toBeNull();
  });
  it("logout clears user and token", () => {
    const s = authReducer({ user, token: "tok", error: null, loading: false }, logout());
    expect(s.user).toBeNull();
    expect(s.token).toBeNull();
    const remote = authReducer(
      { user, token: "tok", error: null, loading: false },
      logoutUser.fulfilled(undefined, "r"),
    );
    expect([remote.user, remote.token]).toEqual([null, null]);
  });
  it("a login action can set the user directly", () => {
    expect(authReducer(initialAuthState, login(user)).user).toEqual(user);
  });
});

describe("persistence", () => {
  it("saves only the user under persist:root with a 5000 ms rehydrate timeout", () => {
    expect(`persist:${PERSIST_KEY}`).toBe("persist:root");
    expect(persistConfig.whitelist).toEqual(["user"]);
    expect(PERSIST_TIMEOUT_MS).toBe(5000);
    expect(persistConfig.timeout).toBe(5000);
  });

  it("names redux-persist's own action types for the serializability check", () => {
    const { FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER } = reduxPersist;
    expect(PERSIST_ACTIONS).toEqual([FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER]);
  });

  it("writes the user (never the token) to persist:root once persistence is attached after hydration", async () => {
    localStorage.clear();
    const store = makeStore();
    await new Promise<void>((done) => void attachPersistence(store, done));
    store.dispatch(loginUser.fulfilled({ user, token: "secret-token" }, "req", { email: user.email, password: "x" }));
    await new Promise((r) => setTimeout(r, 50));
    const saved = JSON.parse(localStorage.getItem("persist:root")!);
    expect(Object.keys(saved)).toEqual(["user", "_persist"]);
    expect(JSON.parse(saved.user)).toEqual(user);
    expect(localStorage.getItem("persist:root")).not.toContain("secret-token");
  });

  it("reads a saved user back into a new store", async () => {
    localStorage.setItem(
      "persist:root",
      JSON.stringify({ user: JSON.stringify(user), _persist: '{"version":-1,"rehydrated":true}' }),
    );
    const store = makeStore();
    expect(store.getState().user).toBeNull();
    await new Promise<void>((done) => void attachPersistence(store, done));
    expect(store.getState().user).toEqual(user);
    expect((store.getState() as { _persist?: { rehydrated: boolean } })._persist?.rehydrated).toBe(true);
  });
});
