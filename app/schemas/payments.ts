import { endpoint } from "./endpoint";
import { cardSchema, cardTokenSchema } from "./order";

/**
 * The test gateway's tokenization endpoint (served by server/payments/test-gateway.ts, outside /api):
 * the purchase dialog posts the card here and sends only the answer's token to /api/orders. A live
 * processor has its own endpoint; GET /api/payments/mode says which URL to use.
 */
export const tokenizeCardEndpoint = endpoint("POST", "/test-gateway/tokens", {
  body: cardSchema,
  response: { 201: cardTokenSchema },
});
