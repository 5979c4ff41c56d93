// Issues 25.15 and 31.4: one public address (PUBLIC_URL, else http://HOST:PORT), read at start-up, in every place
// the server answers with an absolute address: the certificate PDF's verify line and QR code, the QR image, the
// badge, the mail, and the prerendered pages, sitemap, robots.txt and feed that the build wrote with the
// organisation's address.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { and, desc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { afterAll, describe, expect, it } from "vitest";
import { org } from "../app/data/org";
import { outbox } from "./db/schema";
import { accountWithRole } from "./testing/accounts";
import { testApp, type TestContext } from "./testing/helpers";
import { paidOrder, resultToday } from "./testing/records";

const open: TestContext[] = [];
afterAll(() => Promise.all(open.map((t) => t.close())));

/** The text of a PDF made by pdf-lib: its content streams inflated, each shown string decoded from hex. */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try {
      body = zlib.inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      body = m[1]!;
    }
    for (const s of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(s[1]!, "hex").toString("latin1"));
  }
  return out.join("\n");
}

/** A candidate with a passed exam on a new app with these settings; the credential's addresses as served. */
async function certifiedOn(env: Record<string, string>) {
  const t = await testApp({ orderRateMax: 1000 }, env);
  open.push(t);
  const { user, headers } = await accountWithRole(t.app, "candidate", "ada@example.com", { confirmed: true });
  const { reg } = await paidOrder(t.app.db, { userId: user.id, certId: 4 });
  await resultToday(t.database.db, reg.voucherCode, 90, t.app.mail.publicUrl);
  const [cert] = (await t.app.inject({ url: "/api/me/certifications", headers })).json().certifications;
  const id = cert.credentialId as string;
  const pdf = await t.app.inject({ url: `/api/me/certifications/${id}/certificate.pdf`, headers });
  const qr = await t.app.inject({ url: `/api/me/certifications/${id}/qr.svg`, headers });
  const badge = await t.app.inject({ url: `/api/credentials/${id}/badge.json` });
  const [mail] = await t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, user.email), eq(outbox.template, "certificate-issued")))
    .orderBy(desc(outbox.id));
  return {
    id,
    pdf: pdfText(pdf.rawPayload),
    qr: qr.body,
    badge: badge.json(),
    mail: mail!.data as { verifyUrl: string },
  };
}

describe("the public address of credentials", () => {
  for (const [name, env, base] of [
    ["without PUBLIC_URL: the server's own address", { PORT: "4173" }, "http://127.0.0.1:4173"],
    ["with PUBLIC_URL", { PUBLIC_URL: "https://portal.example.org/" }, "https://portal.example.org"],
  ] as const) {
    it(`is the same in the PDF, the QR code, the badge and the mail, ${name}`, async () => {
      const c = await certifiedOn(env);
      const verify = `${base}/verify?id=${c.id}`;
      expect(c.mail.verifyUrl).toBe(verify);
      expect(c.pdf).toContain(verify);
      expect(c.pdf).not.toContain(org.siteUrl);
      expect(c.qr).toBe(await QRCode.toString(verify, { type: "svg", errorCorrectionLevel: "M", margin: 2 }));
      expect(c.badge.id).toBe(`${base}/api/credentials/${c.id}/badge.json`);
      // the issuer is the did:web of the same address (decision 0021), its port percent-encoded
      const host = new URL(base);
      expect(c.badge.issuer).toMatchObject({
        id: `did:web:${host.hostname}${host.port ? `%3A${host.port}` : ""}`,
        url: base,
      });
      expect(c.badge.credentialStatus.statusListCredential).toBe(`${base}/api/credentials/status/1`);
      expect(c.badge.evidence[0].id).toBe(verify);
      expect(JSON.stringify(c.badge)).not.toContain(org.siteUrl);
    }, 60_000);
  }
});

describe("the public address in what the build wrote", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "citb-origin-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const page = (p: string) =>
    `<!doctype html><html><head><title>About</title><link rel="canonical" href="${org.siteUrl}${p}"><meta property="og:url" content="${org.siteUrl}${p}"><script type="application/ld+json">{"url":"${org.siteUrl}/"}</script></head><body><h1>About</h1><a href="/contact">Contact</a></body></html>`;
  fs.writeFileSync(path.join(dir, "index.html"), page("/"));
  fs.mkdirSync(path.join(dir, "about"));
  fs.writeFileSync(path.join(dir, "about", "index.html"), page("/about"));
  // the build's compressed copies name the build's address: never sent once the address differs
  fs.writeFileSync(path.join(dir, "about", "index.html.br"), zlib.brotliCompressSync(page("/about")));
  fs.writeFileSync(path.join(dir, "about", "index.html.gz"), zlib.gzipSync(page("/about")));
  fs.writeFileSync(path.join(dir, "sitemap.xml"), `<urlset><url><loc>${org.siteUrl}/about</loc></url></urlset>`);
  fs.writeFileSync(path.join(dir, "robots.txt"), `User-agent: *\nSitemap: ${org.siteUrl}/sitemap.xml\n`);
  fs.mkdirSync(path.join(dir, "blog"));
  fs.writeFileSync(path.join(dir, "blog", "feed.atom"), `<feed><id>${org.siteUrl}/blog</id></feed>`);
  fs.writeFileSync(path.join(dir, "plain.txt"), "nothing to change\n");

  it("is PUBLIC_URL in pages (every encoding), the sitemap, robots.txt and the feed", async () => {
    const t = await testApp({ serveSite: true }, { CLIENT_DIR: dir, PUBLIC_URL: "https://portal.example.org" });
    open.push(t);
    const base = "https://portal.example.org";
    for (const [url, encoding] of [
      ["/about", "br"],
      ["/about", "gzip"],
      ["/about", "identity"],
      ["/", "br"],
    ] as const) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": encoding } });
      expect(res.statusCode).toBe(200);
      const body =
        encoding === "br"
          ? zlib.brotliDecompressSync(res.rawPayload).toString()
          : encoding === "gzip"
            ? zlib.gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(body).toContain(`<link rel="canonical" href="${base}${url === "/" ? "/" : url}">`);
      expect(body).toContain(`{"url":"${base}/"}`);
      expect(body).not.toContain(org.siteUrl);
    }
    const sitemap = await t.app.inject({ url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(sitemap.body).toBe(`<urlset><url><loc>${base}/about</loc></url></urlset>`);
    expect((await t.app.inject({ url: "/robots.txt" })).body).toContain(`Sitemap: ${base}/sitemap.xml`);
    const feed = await t.app.inject({ url: "/blog/feed.atom" });
    expect(feed.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(feed.body).toBe(`<feed><id>${base}/blog</id></feed>`);
    expect((await t.app.inject({ url: "/plain.txt" })).body).toBe("nothing to change\n");
  }, 60_000);
});
