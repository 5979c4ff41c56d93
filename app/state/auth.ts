import { createAction, createAsyncThunk, type UnknownAction } from "@reduxjs/toolkit";
import { ApiError } from "~/lib/api/error";
import type { CertUserInput, LoginInput } from "~/schemas/auth";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import type { User } from "~/schemas/user";

export type { User };

// The API client and the auth endpoints (the schemas that parse their answers) load when they are first
// used, so the store, which every page loads, stays small.
const authApi = async () => {
  const [{ call }, endpoints] = await Promise.all([import("~/lib/api/client"), import("~/schemas/auth")]);
  return { call, ...endpoints };
};

/** Spec §3: the auth state kept in the browser. Only `user` is persisted (see store.ts). */
export interface AuthState {
  user: User | null;
  token: string | null;
  error: string | null;
  loading: boolean;
}

export const initialAuthState: AuthState = { user: null, token: null, error: null, loading: false };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong. Please try again.");

/** POST /api/login with the credentials object; answers { user, token }. */
export const loginUser = createAsyncThunk<{ user: User; token: string }, LoginInput, { rejectValue: string }>(
  "auth/login",
  async (credentials, { rejectWithValue }) => {
    try {
      const { call, loginEndpoint } = await authApi();
      return await call(loginEndpoint, { body: credentials });
    } catch (e) {
      return rejectWithValue(messageOf(e));
    }
  },
);

/**
 * POST /api/signup with { certUser }. A 409 shows the spec's browser alert. A 400's field messages (such
 * as the server's refusal of a common password) ride in the rejection's meta for the form to show.
 */
export const signupUser = createAsyncThunk<
  { user: User },
  CertUserInput,
  { rejectValue: string; rejectedMeta: { fields?: Record<string, string> } }
>("auth/signup", async (certUser, { rejectWithValue }) => {
  try {
    const { call, signupEndpoint } = await authApi();
    return await call(signupEndpoint, { body: { certUser } });
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) {
      window.alert(AUTH_MESSAGES.emailTaken);
      return rejectWithValue(AUTH_MESSAGES.emailTaken, {});
    }
    return rejectWithValue(messageOf(e), { fields: e instanceof ApiError ? e.body.fields : undefined });
  }
});

/** POST /api/logout (revokes the session the cookie names, server-side), then clears the user and token. */
export const logoutUser = createAsyncThunk("auth/logoutRemote", async () => {
  const { call, logoutEndpoint } = await authApi();
  await call(logoutEndpoint, {}).catch(() => undefined);
});

/** "A login action can set the user directly." */
export const login = createAction<User>("auth/login");
export const logout = createAction("auth/logout");

/**
 * The transitions of spec §4, one line each. The state is four fields, so each case returns a new
 * object; written without createSlice so Immer is not part of the JavaScript every page loads.
 */
export function authReducer(state: AuthState = initialAuthState, action: UnknownAction): AuthState {
  if (login.match(action)) return { ...state, user: action.payload };
  if (logout.match(action) || logoutUser.fulfilled.match(action)) return { ...state, user: null, token: null };
  if (loginUser.pending.match(action) || signupUser.pending.match(action))
    return { ...state, loading: true, error: null };
  if (loginUser.fulfilled.match(action))
    return { ...state, loading: false, user: action.payload.user, token: action.payload.token };
  if (loginUser.rejected.match(action))
    return { ...state, loading: false, error: action.payload ?? action.error.message ?? "Login failed." };
  if (signupUser.fulfilled.match(action)) return { ...state, loading: false };
  // spec §4: sign-up failure stores the error (loading is left as it is)
  if (signupUser.rejected.match(action))
    return { ...state, error: action.payload ?? action.error.message ?? "Sign-up failed." };
  return state;
}
