import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { testApp, type TestContext } from "../testing/helpers";
import { formatMail, listMail } from "./list";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp({}, { PUBLIC_URL: "http://localhost:3000" });
});
afterAll(() => ctx.close());

describe("mail without SMTP_URL", () => {
  it("composes the message, prints it with its link to the log, and shows it in the development mailbox", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: {
        certUser: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com", password: "Secret#123" },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await ctx.app.mail.worker.runOnce()).toBe(1);
    const [row] = await ctx.database.db.select().from(outbox);
    expect(row).toMatchObject({ status: "logged", attempts: 1, recipient: "grace@example.com" });
    const link = /http:\/\/localhost:3000\/confirm-email\?token=[\w-]{43}/;
    const line = ctx.logs.find((l) => l.includes("mail kept (no SMTP_URL)"));
    expect(line).toMatch(link);
    const page = await ctx.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Confirm your e-mail address for CITB");
    expect(page.body).toMatch(link);
    const one = await ctx.app.inject({ method: "GET", url: `/dev/mailbox/${row!.id}` });
    expect(one.body).toMatch(link);
    expect((await ctx.app.inject({ method: "GET", url: "/dev/mailbox/999" })).statusCode).toBe(404);
    const json = await ctx.app.inject({ method: "GET", url: "/dev/mailbox.json?to=grace@example.com" });
    expect(json.json().messages).toEqual([
      expect.objectContaining({ to: "grace@example.com", status: "logged", links: [expect.stringMatching(link)] }),
    ]);
    // npm run mail:list prints the same list: recipient, subject, status and the link
    const printed = formatMail(await listMail(ctx.database.db, "http://localhost:3000"));
    expect(printed).toContain("to:      grace@example.com");
    expect(printed).toContain("subject: Confirm your e-mail address for CITB");
    expect(printed).toMatch(/logged \(attempts 1\)/);
    expect(printed).toMatch(link);
    expect(formatMail([])).toBe("The outbox is empty.");
    const other = await ctx.app.inject({ method: "GET", url: "/dev/mailbox.json?to=nobody@example.com" });
    expect(other.json().messages).toEqual([]);
  });

  it("has no development mailbox in production", async () => {
    const prod = await testApp({}, { NODE_ENV: "production" });
    try {
      expect((await prod.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  }, 120_000);
});

describe("the development mailbox answers loopback clients of a loopback-bound server only", () => {
  const paths = ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox.json?to=grace@example.com", "/dev/mailbox/1"];
  /** A GET of `url` as a reverse proxy on this machine sends it for the remote `client`. */
  const forwardedFor = (url: string, client: string) => ({
    method: "GET" as const,
    url,
    remoteAddress: "127.0.0.1",
    headers: { "x-forwarded-for": client },
  });

  it("answers 404 to a client with a non-loopback address, and to one a forwarding header names", async () => {
    for (const url of paths) {
      const remote = await ctx.app.inject({ method: "GET", url, remoteAddress: "203.0.113.7" });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain("grace@example.com");
      const lan = await ctx.app.inject({ method: "GET", url, remoteAddress: "192.168.1.20" });
      expect(lan.statusCode, url).toBe(404);
      // a reverse proxy on this machine passes the real client on in a header (not believed for limits
      // without TRUST_PROXY, but enough to refuse the mailbox)
      const proxied = await ctx.app.inject(forwardedFor(url, "198.51.100.4"));
      expect(proxied.statusCode, url).toBe(404);
    }
    // the loopback client still reads it
    expect((await ctx.app.inject({ method: "GET", url: "/dev/mailbox.json", remoteAddress: "::1" })).statusCode).toBe(
      200,
    );
  });

  it("with TRUST_PROXY=1, a request the proxy forwards for a remote client gets 404", async () => {
    const proxied = await testApp({}, { TRUST_PROXY: "1" });
    try {
      for (const url of paths) {
        const res = await proxied.app.inject(forwardedFor(url, "203.0.113.9"));
        expect(res.statusCode, url).toBe(404);
      }
      expect(
        (await proxied.app.inject({ method: "GET", url: "/dev/mailbox.json", remoteAddress: "127.0.0.1" })).statusCode,
      ).toBe(200);
    } finally {
      await proxied.close();
    }
  }, 120_000);

  it("a server bound to 0.0.0.0 (or another non-loopback address) has no mailbox, even for a loopback client", async () => {
    for (const HOST of ["0.0.0.0", "::", "192.168.1.5"]) {
      const open = await testApp({}, { HOST });
      try {
        for (const url of paths)
          expect((await open.app.inject({ method: "GET", url, remoteAddress: "127.0.0.1" })).statusCode, url).toBe(404);
      } finally {
        await open.close();
      }
    }
  }, 120_000);
});
