/**
 * Accounts for the login scenarios. The login limits live in the database (decision 0009: five attempts
 * per account and twenty per client address in 15 minutes, reserved before the password is checked, given
 * back by a successful login), so many connections logging in to one account from one address meet 429.
 * A real login load comes from many people at many addresses: the bench signs up `count` accounts, each
 * from its own address, and each connection logs in to the next account from its address. The server
 * runs with TRUST_PROXY=1 (servers.ts), so `x-forwarded-for` gives each request its client address
 * (198.18.0.0/15, the range set aside for benchmarks).
 */
import type { Client } from "autocannon";
import { probe } from "./processes";

export const BENCH_PASSWORD = "Bench!pass1";

export interface Account {
  email: string;
  address: string;
}

const address = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Signs up `count` accounts, `parallel` at a time, each from its own address. */
export async function signUpAccounts(base: string, count: number, parallel = 4): Promise<Account[]> {
  const stamp = Date.now();
  const accounts = Array.from({ length: count }, (_, i) => ({
    email: `bench-${stamp}-${i}@example.com`,
    address: address(i),
  }));
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const a = accounts[next++]!;
      const res = await probe(`${base}/api/signup`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": a.address },
        body: JSON.stringify({
          certUser: { firstName: "Bench", lastName: "Mark", email: a.email, password: BENCH_PASSWORD },
        }),
      });
      if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${res.body.toString()}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return accounts;
}

export const loginBody = (a: Account) => JSON.stringify({ email: a.email, password: BENCH_PASSWORD });

/**
 * An autocannon setupClient that gives each connection the next account and its address, for all of its
 * requests: one connection logs in to one account, one login after another, so no account or address ever
 * has two logins in flight. `headers` are the scenario's own (autocannon replaces them as a whole).
 */
export function accountPerConnection(accounts: Account[], headers: Record<string, string>) {
  let i = 0;
  return (client: Client) => {
    const a = accounts[i++ % accounts.length]!;
    client.setHeadersAndBody({ ...headers, "x-forwarded-for": a.address }, loginBody(a));
  };
}
