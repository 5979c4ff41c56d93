import { myOrdersEndpoint } from "~/schemas/order";
import { updateProfileEndpoint, type ProfileInput } from "~/schemas/profile";
import { call } from "./client";

/** PUT /api/me: saves the profile; answers the updated account. */
export const updateProfile = (profile: ProfileInput, token: string | null) =>
  call(updateProfileEndpoint, { body: profile, token });

/** GET /api/me/orders: the signed-in candidate's orders, newest first. */
export const myOrders = (token: string | null) => call(myOrdersEndpoint, { token });
