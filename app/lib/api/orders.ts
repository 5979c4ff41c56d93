import { errorBodySchema } from "~/schemas/errors";
import { cardTokenSchema, type CardInput, type CardToken } from "~/schemas/order";
import { ApiError } from "./error";

// What the purchase adds to `call(createOrderEndpoint, …)`: the card goes to the gateway, never to us,
// and each purchase attempt has its idempotency key.

/**
 * Sends the card to the payment gateway's tokenization endpoint (`tokensUrl`, from GET /api/payments/mode) and
 * returns the single-use token with the brand and last four digits. No cookie goes with it.
 */
export async function tokenizeCard(tokensUrl: string, card: CardInput): Promise<CardToken> {
  let res: Response;
  try {
    res = await fetch(tokensUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      credentials: "omit",
      body: JSON.stringify(card),
    });
  } catch {
    throw new ApiError(0, {
      error: "network_error",
      message: "We could not reach the payment processor. Check your connection and try again.",
    });
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(data);
    throw new ApiError(
      res.status,
      parsed.success
        ? parsed.data
        : { error: "gateway_error", message: "The payment processor could not read the card. Please try again." },
    );
  }
  const parsed = cardTokenSchema.safeParse(data);
  if (!parsed.success)
    throw new ApiError(res.status, {
      error: "gateway_error",
      message: "The payment processor answered oddly. Please try again.",
    });
  return parsed.data;
}

/** A new purchase attempt's idempotency key (a UUID v4). */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
