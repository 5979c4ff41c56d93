import type { Db } from "../db/client";
import { limitKey, reserve, type Limit } from "../auth/limits";
import { emailKey } from "../auth/users";

const DAY_MS = 24 * 3600_000;

/**
 * How many acknowledgement e-mails (a request received, a contact message received) the site sends
 * in 24 hours. Anyone can make the site write to an address (a sign-up names any address; a contact form
 * names any sender), so without a ceiling one account or one visitor could mail a stranger without end.
 * The request or message is always stored and answered; past a limit only its acknowledgement is skipped.
 */
export const ACK_LIMITS = {
  /** acknowledgements for one account whose address is confirmed */
  perAccount: { max: 5, windowMs: DAY_MS },
  /** acknowledgements for one account whose address is not confirmed (it may not be the holder's) */
  perUnconfirmedAccount: { max: 2, windowMs: DAY_MS },
  /** acknowledgements to one address, whoever asks */
  perRecipient: { max: 5, windowMs: DAY_MS },
} satisfies Record<string, Limit>;

/**
 * Takes one acknowledgement from the account's and the recipient's allowance (kept in the database with
 * every other limit: docs/decisions/0009). Answers whether the acknowledgement may be sent.
 */
export async function mayAcknowledge(
  db: Db,
  input: { recipient: string; account?: { id: number; confirmed: boolean } },
): Promise<boolean> {
  if (input.account) {
    const limit = input.account.confirmed ? ACK_LIMITS.perAccount : ACK_LIMITS.perUnconfirmedAccount;
    const own = await reserve(db, limitKey("ack-account", String(input.account.id)), limit);
    if (!own.allowed) return false;
  }
  const to = await reserve(db, limitKey("ack-recipient", emailKey(input.recipient)), ACK_LIMITS.perRecipient);
  return to.allowed;
}
