import { describe, expect, it } from "vitest";
import { SPEED_SAMPLE_MAX_BYTES } from "../../app/data/system-check";
import { SPEED_BYTES_MESSAGE } from "../../app/schemas/system-check";
import { testAppForFile } from "../testing/helpers";

const MAX = 6;
const t = testAppForFile({ speedRateMax: MAX });

let ip = 0;
/** each test its own client address, so the rate limit of one does not touch another */
const nextIp = () => `10.28.0.${++ip}`;

describe("GET /api/system-check/download", () => {
  it("answers exactly the bytes asked for, random, uncompressed and never cached", async () => {
    const remoteAddress = nextIp();
    const get = (bytes: number) =>
      t.app.inject({
        method: "GET",
        url: `/api/system-check/download?bytes=${bytes}`,
        headers: { "accept-encoding": "br, gzip" },
        remoteAddress,
      });
    const [a, b] = await Promise.all([get(300_000), get(300_000)]);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/octet-stream");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.rawPayload.length).toBe(300_000);
    }
    // random: two answers differ
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
    expect((await get(SPEED_SAMPLE_MAX_BYTES)).rawPayload.length).toBe(SPEED_SAMPLE_MAX_BYTES);
  });

  it.each(["0", String(SPEED_SAMPLE_MAX_BYTES + 1), "abc", "-5", "1e6", ""])(
    "refuses bytes=%s with a 400 that names the range",
    async (bytes) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/system-check/download?bytes=${bytes}`,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SPEED_BYTES_MESSAGE);
    },
  );

  it("refuses a request without bytes with a 400", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/system-check/download", remoteAddress: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
  });

  it("is rate-limited per client: the rest of parallel requests get 429", async () => {
    const remoteAddress = nextIp();
    const answers = await Promise.all(
      Array.from({ length: MAX + 3 }, () =>
        t.app.inject({ method: "GET", url: "/api/system-check/download?bytes=10", remoteAddress }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(3);
  });
});

describe("POST /api/system-check/upload", () => {
  const post = (body: Buffer | string, contentType = "application/octet-stream", remoteAddress = nextIp()) =>
    t.app.inject({
      method: "POST",
      url: "/api/system-check/upload",
      headers: { "content-type": contentType },
      payload: body,
      remoteAddress,
    });

  it("answers the size received and the server's time, not cached", async () => {
    const before = Date.now();
    const res = await post(Buffer.alloc(1024 * 1024, 7));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.receivedBytes).toBe(1024 * 1024);
    expect(Date.parse(body.serverTime)).toBeGreaterThanOrEqual(before - 1000);
    expect((await post(Buffer.alloc(SPEED_SAMPLE_MAX_BYTES))).json().receivedBytes).toBe(SPEED_SAMPLE_MAX_BYTES);
  });

  it("refuses more than the cap with 413, an empty body with 400, and another type with 415", async () => {
    const big = await post(Buffer.alloc(SPEED_SAMPLE_MAX_BYTES + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe("payload_too_large");
    const empty = await post(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/application\/octet-stream/);
    expect((await post("hello", "text/plain")).statusCode).toBe(415);
  });

  it("is rate-limited per client", async () => {
    const remoteAddress = nextIp();
    const answers = await Promise.all(
      Array.from({ length: MAX + 2 }, () => post(Buffer.alloc(10), "application/octet-stream", remoteAddress)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2);
  });

  it("the JSON API elsewhere still refuses octet-stream bodies (the parser is this route's own)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      headers: { "content-type": "application/octet-stream" },
      payload: Buffer.from("x"),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("the camera is allowed on the system check's, check-in's and the exam's pages only", () => {
  it("answers camera=(self) for /system-check, /exam/check-in and /exam, and camera=() elsewhere", async () => {
    const policy = async (url: string) =>
      String((await t.app.inject({ method: "GET", url, remoteAddress: nextIp() })).headers["permissions-policy"]);
    expect(await policy("/system-check")).toContain("camera=(self)");
    expect(await policy("/system-check?x=1")).toContain("camera=(self)");
    expect(await policy("/verify")).toContain("camera=()");
    expect(await policy("/system-checks")).toContain("camera=()");
    expect(await policy("/exam/check-in?voucher=3")).toContain("camera=(self)");
    expect(await policy("/exam?sitting=3")).toContain("camera=(self)");
    expect(await policy("/exam/report?sitting=3")).toContain("camera=()");
  });
});
