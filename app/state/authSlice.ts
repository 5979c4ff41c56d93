import { createAsyncThunk, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { api, ApiError } from "~/lib/api";
import { AUTH_MESSAGES, type CertUserInput, type LoginInput } from "~/schemas/auth";

export interface User {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
}

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
      return await api<{ user: User; token: string }>("/login", { body: credentials });
    } catch (e) {
      return rejectWithValue(messageOf(e));
    }
  },
);

/** POST /api/signup with { certUser }. A 409 shows the spec's browser alert. */
export const signupUser = createAsyncThunk<{ user: User }, CertUserInput, { rejectValue: string }>(
  "auth/signup",
  async (certUser, { rejectWithValue }) => {
    try {
      return await api<{ user: User }>("/signup", { body: { certUser } });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        window.alert(AUTH_MESSAGES.emailTaken);
        return rejectWithValue(AUTH_MESSAGES.emailTaken);
      }
      return rejectWithValue(messageOf(e));
    }
  },
);

/** POST /api/logout (revokes the session server-side), then clears the user and token. */
export const logoutUser = createAsyncThunk("auth/logoutRemote", async (_: void, { getState }) => {
  const token = (getState() as AuthState).token;
  await api("/logout", { method: "POST", token }).catch(() => undefined);
});

const authSlice = createSlice({
  name: "auth",
  initialState: initialAuthState,
  reducers: {
    /** "A login action can set the user directly." */
    login(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    logout(state) {
      state.user = null;
      state.token = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginUser.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(loginUser.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload.user;
        state.token = action.payload.token;
      })
      .addCase(loginUser.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? action.error.message ?? "Login failed.";
      })
      .addCase(signupUser.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(signupUser.fulfilled, (state) => {
        state.loading = false;
      })
      .addCase(signupUser.rejected, (state, action) => {
        // spec §4: sign-up failure stores the error (loading is left as it is)
        state.error = action.payload ?? action.error.message ?? "Sign-up failed.";
      })
      .addCase(logoutUser.fulfilled, (state) => {
        state.user = null;
        state.token = null;
      });
  },
});

export const { login, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;
