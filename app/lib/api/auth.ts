import {
  loginEndpoint,
  logoutEndpoint,
  meEndpoint,
  signupEndpoint,
  type CertUserInput,
  type LoginInput,
} from "~/schemas/auth";
import { call } from "./client";

/** POST /api/signup with { certUser }. */
export const signup = (certUser: CertUserInput) => call(signupEndpoint, { body: { certUser } });

/** POST /api/login with the credentials object; answers { user, token }. */
export const login = (credentials: LoginInput) => call(loginEndpoint, { body: credentials });

/** POST /api/logout: revokes the session on the server. */
export const logout = (token: string | null) => call(logoutEndpoint, { token });

/** GET /api/me: the signed-in account (401 when the session has ended). */
export const me = (token?: string | null) => call(meEndpoint, { token });
