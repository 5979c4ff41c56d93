import { createOrderEndpoint, paymentModeEndpoint, type OrderInput } from "~/schemas/order";
import { call } from "./client";

/** POST /api/orders: buys one exam. */
export const createOrder = (order: OrderInput, token?: string | null) =>
  call(createOrderEndpoint, { body: order, token });

/** GET /api/payments/mode: "test" while no real processor is connected. */
export const paymentMode = () => call(paymentModeEndpoint, {});
