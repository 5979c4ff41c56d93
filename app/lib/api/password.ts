import {
  forgotPasswordEndpoint,
  resetPasswordEndpoint,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from "~/schemas/auth";
import { call } from "./client";

/** POST /api/password/forgot: always 202 with the same message, whether or not the address has an account. */
export const forgotPassword = (body: ForgotPasswordInput) => call(forgotPasswordEndpoint, { body });

/** POST /api/password/reset: the link's token and the new password; every session of the account ends. */
export const resetPassword = (body: ResetPasswordInput) => call(resetPasswordEndpoint, { body });
