import { randomBytes } from "node:crypto";
import { cardBrand, luhnValid, type CardBrand } from "../../app/lib/card";

/** The card data a charge needs. It lives only for the duration of the request: never stored or logged. */
export interface CardDetails {
  number: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
  postal: string;
}

export type ChargeResult =
  { ok: true; reference: string; brand: CardBrand; last4: string } | { ok: false; code: string; message: string };

export type RefundResult = { ok: true; reference: string } | { ok: false; code: string; message: string };

export interface PaymentGateway {
  /** "test" while no real processor is connected; the purchase dialog says so plainly. */
  readonly mode: "test" | "live";
  charge(request: { amountCents: number; card: CardDetails }): Promise<ChargeResult>;
  /** Returns money of an earlier charge (by the charge's reference) to the card it came from. */
  refund(request: { chargeReference: string; amountCents: number }): Promise<RefundResult>;
}

export const TEST_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;
export const DECLINED_MESSAGE = "Your card was declined. No charge was made; try another card.";

/**
 * Behaves like a card processor's test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined, any other Luhn-valid number succeeds. No money moves.
 */
export function testGateway(): PaymentGateway {
  return {
    mode: "test",
    async charge({ amountCents, card }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        return { ok: false, code: "invalid_amount", message: "The amount to charge is not valid." };
      }
      if (!luhnValid(card.number)) {
        return { ok: false, code: "invalid_number", message: "This card number is not valid." };
      }
      if (card.number === TEST_CARDS.declined) {
        return { ok: false, code: "card_declined", message: DECLINED_MESSAGE };
      }
      return {
        ok: true,
        reference: `test_ch_${randomBytes(9).toString("hex")}`,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
      };
    },
    async refund({ chargeReference, amountCents }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        return { ok: false, code: "invalid_amount", message: "The amount to refund is not valid." };
      }
      if (!chargeReference.startsWith("test_ch_")) {
        return { ok: false, code: "unknown_charge", message: "The payment processor does not know this charge." };
      }
      return { ok: true, reference: `test_re_${randomBytes(9).toString("hex")}` };
    },
  };
}

export function gatewayFor(name: "test"): PaymentGateway {
  switch (name) {
    case "test":
      return testGateway();
  }
}
