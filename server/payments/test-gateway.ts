import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cardBrand } from "../../app/lib/card";
import { tokenizeCardEndpoint } from "../../app/schemas/payments";
import { perClient } from "../auth/limits";
import { fromContract } from "../contract";
import { DECLINED_MESSAGE, type ChargeResult, type PaymentGateway, type RefundResult } from "./gateway";

export const TEST_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;
export const TOKENS_PATH = "/test-gateway/tokens";
const TOKEN_TTL_MS = 15 * 60_000;

export const TOKEN_MESSAGES = {
  invalid: "Your card details have expired. Please enter them again.",
  used: "These card details were already used. Please enter them again.",
} as const;

interface StoredToken {
  brand: string;
  last4: string;
  declines: boolean;
  expiresAt: number;
  used: boolean;
}

export interface LedgerEntry {
  reference: string;
  idempotencyKey: string;
  amountCents: number;
  brand: string;
  last4: string;
  refunded: boolean;
}

export interface TestGateway extends PaymentGateway {
  /** the charges made (for tests and the test-mode logs): never a card number */
  readonly ledger: LedgerEntry[];
  /** turns a card into a token as the tokenization endpoint does (for tests) */
  tokenize(cardNumber: string): { token: string; brand: string; last4: string };
}

/**
 * A card processor's test mode, in this process: no money moves. Its tokenization endpoint
 * (POST /test-gateway/tokens) takes the card from the browser and answers a single-use token;
 * 4242 4242 4242 4242 charges, 4000 0000 0000 0002 is declined, any other Luhn-valid number charges.
 * The card number itself is dropped once the token is made: only the brand, the last four digits and
 * whether the test card declines are kept. Kept in memory: tokens made by one server process are
 * charged by the same process (a real processor keeps them for every instance).
 */
export function testGateway(opts: { tokenRateMax?: number } = {}): TestGateway {
  const tokens = new Map<string, StoredToken>();
  const byKey = new Map<string, ChargeResult>();
  const ledger: LedgerEntry[] = [];

  const sweep = () => {
    const now = Date.now();
    for (const [t, v] of tokens) if (v.expiresAt < now) tokens.delete(t);
  };

  const tokenize = (cardNumber: string) => {
    if (tokens.size > 10_000) sweep();
    const token = `tok_test_${randomBytes(16).toString("hex")}`;
    const brand = cardBrand(cardNumber);
    const last4 = cardNumber.slice(-4);
    tokens.set(token, {
      brand,
      last4,
      declines: cardNumber === TEST_CARDS.declined,
      expiresAt: Date.now() + TOKEN_TTL_MS,
      used: false,
    });
    return { token, brand, last4 };
  };

  async function routes(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...fromContract(tokenizeCardEndpoint),
      // card testing (trying many numbers) is slowed per client address
      onRequest: perClient("card-token", { max: opts.tokenRateMax ?? 30, windowMs: 10 * 60_000 }),
      handler: async (request, reply) => reply.status(201).send(tokenize(request.body.cardNumber)),
    });
  }

  return {
    mode: "test",
    tokensUrl: TOKENS_PATH,
    routes,
    ledger,
    tokenize,
    async charge({ token, amountCents, idempotencyKey }) {
      const earlier = byKey.get(idempotencyKey);
      if (earlier) return earlier;
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        return { ok: false, code: "invalid_amount", message: "The amount to charge is not valid." };
      }
      const stored = tokens.get(token);
      if (!stored || stored.expiresAt < Date.now())
        return { ok: false, code: "invalid_token", message: TOKEN_MESSAGES.invalid };
      if (stored.used) return { ok: false, code: "token_used", message: TOKEN_MESSAGES.used };
      stored.used = true;
      let result: ChargeResult;
      if (stored.declines) result = { ok: false, code: "card_declined", message: DECLINED_MESSAGE };
      else {
        const reference = `test_ch_${randomBytes(9).toString("hex")}`;
        ledger.push({
          reference,
          idempotencyKey,
          amountCents,
          brand: stored.brand,
          last4: stored.last4,
          refunded: false,
        });
        result = { ok: true, reference, brand: stored.brand, last4: stored.last4 };
      }
      byKey.set(idempotencyKey, result);
      return result;
    },
    async refund({ chargeReference, amountCents }): Promise<RefundResult> {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        return { ok: false, code: "invalid_amount", message: "The amount to refund is not valid." };
      }
      const charge = ledger.find((c) => c.reference === chargeReference);
      // charges made before a restart are not in memory: a test-mode refund of one is accepted
      if (!charge && !chargeReference.startsWith("test_ch_")) {
        return { ok: false, code: "unknown_charge", message: "The payment processor does not know this charge." };
      }
      if (charge) charge.refunded = true;
      return { ok: true, reference: `test_re_${randomBytes(9).toString("hex")}` };
    },
  };
}
