import {
  changeEmailEndpoint,
  confirmEmailEndpoint,
  resendConfirmationEndpoint,
  type ChangeEmailInput,
} from "~/schemas/email";
import { call } from "./client";

/** POST /api/email/confirm: the token of a confirmation link (a new account's address or a new address). */
export const confirmEmail = (token: string) => call(confirmEmailEndpoint, { body: { token } });

/** POST /api/me/email/confirmation: a new confirmation link for the signed-in account (rate-limited). */
export const resendConfirmation = (token: string | null) => call(resendConfirmationEndpoint, { token });

/** POST /api/me/email: asks to use a new address (it replaces the old one once confirmed). */
export const changeEmail = (body: ChangeEmailInput, token: string | null) => call(changeEmailEndpoint, { body, token });
