import type { FastifyPluginAsync } from "fastify";

/**
 * The card processor, in the shape processors give it: the browser sends the card to the processor's
 * tokenization endpoint (`tokensUrl`) and gets a single-use token with the brand and last four digits;
 * our server charges that token with an idempotency key (the same key never charges twice: a retry gets
 * the first answer) and can refund or void a charge. Card numbers and CVVs never reach our routes.
 */
export type ChargeResult =
  { ok: true; reference: string; brand: string; last4: string } | { ok: false; code: string; message: string };

export type RefundResult = { ok: true; reference: string } | { ok: false; code: string; message: string };

export interface PaymentGateway {
  /** "test" while no real processor is connected; the purchase dialog says so plainly. */
  readonly mode: "test" | "live";
  /** where the browser sends the card to get a token (same origin for the test gateway) */
  readonly tokensUrl: string;
  /** routes the gateway itself serves, if any (the test gateway's tokenization endpoint) */
  readonly routes?: FastifyPluginAsync;
  /** Charges a single-use token. The same idempotency key gives the same answer and at most one charge. */
  charge(request: { token: string; amountCents: number; idempotencyKey: string }): Promise<ChargeResult>;
  /** Returns money of an earlier charge (by the charge's reference) to the card it came from; voids it when not yet settled. */
  refund(request: { chargeReference: string; amountCents: number; idempotencyKey?: string }): Promise<RefundResult>;
}

export const DECLINED_MESSAGE = "Your card was declined. No charge was made; try another card.";
