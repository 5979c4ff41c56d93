// TRUST_PROXY: only the X-Forwarded-For entries our own proxies wrote are believed, so a client cannot
// reset a per-address limit by writing a new address at the left of the header.
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";
import { testApp } from "./testing/helpers";

const inquiry = { kind: "contact", name: "Ada", email: "ada@example.com", message: "A message long enough." };

async function statuses(trustProxy: string, forwardedFor: (i: number) => string): Promise<number[]> {
  const ctx = await testApp({ inquiryRateMax: 2 }, { TRUST_PROXY: trustProxy });
  try {
    const out: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/inquiries",
        payload: inquiry,
        headers: { "x-forwarded-for": forwardedFor(i) },
      });
      out.push(res.statusCode);
    }
    return out;
  } finally {
    await ctx.close();
  }
}

describe("TRUST_PROXY", () => {
  it('refuses "true", which would believe any client\'s X-Forwarded-For, with a message that says what to set', () => {
    expect(() => loadEnv({ TRUST_PROXY: "true" })).toThrow(EnvError);
    expect(() => loadEnv({ TRUST_PROXY: "true" })).toThrow(/number of proxies in front of the server/);
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8" }).TRUST_PROXY).toEqual(["10.0.0.1", "10.0.0.0/8"]);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });

  it("behind one proxy (TRUST_PROXY=1), a spoofed leftmost address does not reset the per-address limit", async () => {
    // the proxy appends the address it saw (203.0.113.7); the client wrote a different one each time
    expect(await statuses("1", (i) => `198.51.100.${i + 1}, 203.0.113.7`)).toEqual([201, 201, 429]);
  });

  it("behind one proxy, two real clients have a limit each", async () => {
    expect(await statuses("1", (i) => `203.0.113.${i < 2 ? 7 : 8}`)).toEqual([201, 201, 201]);
  });

  it("with a list of proxy addresses, the first address that is not a proxy is the client", async () => {
    // inject's socket address is 127.0.0.1: the one proxy
    expect(await statuses("127.0.0.1", (i) => `198.51.100.${i + 1}, 203.0.113.7`)).toEqual([201, 201, 429]);
  });

  it("without TRUST_PROXY, X-Forwarded-For is ignored", async () => {
    expect(await statuses("false", (i) => `198.51.100.${i + 1}`)).toEqual([201, 201, 429]);
  });
});
