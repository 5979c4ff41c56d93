import { describe, expect, it } from "vitest";
import { VERIFY_MESSAGES, verifyPath } from "../../app/schemas/credentials";
import { verificationUrl } from "./links";
import { testAppForFile } from "../testing/helpers";

const MAX = 5;
const t = testAppForFile({ verifyRateMax: MAX });

describe("verification look-ups are rate-limited per client in the database", () => {
  it("of parallel look-ups from one address only the limit's worth are answered; the rest get 429 with Retry-After", async () => {
    const look = (ip: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/verify/CITB-AAAA-BBBB-CCCC-DDDD?lastName=Smith",
        remoteAddress: ip,
      });
    const answers = await Promise.all(Array.from({ length: MAX * 3 }, () => look("10.9.0.1")));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(MAX * 2);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(answers.find((a) => a.statusCode === 404)!.json().message).toBe(VERIFY_MESSAGES.notFound);
    // another address has its own allowance
    expect((await look("10.9.0.2")).statusCode).toBe(404);
  });

  it("the badge document is limited the same way", async () => {
    const answers = await Promise.all(
      Array.from({ length: MAX + 2 }, () =>
        t.app.inject({
          method: "GET",
          url: "/api/credentials/CITB-AAAA-BBBB-CCCC-DDDD/badge.json",
          remoteAddress: "10.9.0.3",
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2);
  });

  it("one verification address for the QR code, the PDF, the e-mail and the account page", () => {
    expect(verifyPath("CITB-AAAA-BBBB-CCCC-DDDD")).toBe("/verify?id=CITB-AAAA-BBBB-CCCC-DDDD");
    expect(verificationUrl("CITB-AAAA-BBBB-CCCC-DDDD", "https://citb.example")).toBe(
      "https://citb.example/verify?id=CITB-AAAA-BBBB-CCCC-DDDD",
    );
  });
});
