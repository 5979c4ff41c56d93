import { eq } from "drizzle-orm";
import { isIP } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { outbox } from "../db/schema";
import { composeMail } from "./compose";
import { listMail } from "./list";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** 127.0.0.0/8, ::1 and the IPv4-mapped ::ffff:127.x.y.z: this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (a === "::1" || a === "0:0:0:0:0:0:0:1") return true;
  const v4 = a.startsWith("::ffff:") ? a.slice(7) : a;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/** A host the server may bind to that only this machine reaches: a loopback address or "localhost". */
export const isLoopbackHost = (host: string) => host.trim().toLowerCase() === "localhost" || isLoopbackAddress(host);

/**
 * The addresses a request came through: the socket's peer, Fastify's client address (TRUST_PROXY), and
 * every address a forwarding header names (X-Forwarded-For, X-Real-IP, Forwarded's for=), believed or not.
 */
function addressesOf(request: FastifyRequest): string[] {
  const out = [request.socket.remoteAddress ?? "", request.ip];
  const header = (name: string) => {
    const v = request.headers[name];
    return Array.isArray(v) ? v.join(",") : (v ?? "");
  };
  for (const a of header("x-forwarded-for").split(",")) if (a.trim()) out.push(a.trim());
  if (header("x-real-ip").trim()) out.push(header("x-real-ip").trim());
  for (const m of header("forwarded").matchAll(/for=("?)\[?([^\]";,]+)\]?\1/gi)) out.push(m[2]!.replace(/:\d+$/, ""));
  return out;
}

/** Only a request from this machine, with nothing in front of it naming another client, may read the mailbox. */
async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!addressesOf(request).every((a) => isLoopbackAddress(a))) return reply.callNotFound();
}

/**
 * The development mailbox (never registered in production): /dev/mailbox lists the latest messages
 * in the outbox with their status, plain text and links; /dev/mailbox/<id> shows a message's HTML part;
 * /dev/mailbox.json?to=<address> gives the same list as JSON (the browser tests read links from it).
 * It holds reset and invitation links, so it answers only a development server bound to a loopback address
 * (server/plugins/mail.ts registers it only then), and on it only loopback clients: a request from another
 * address, or one a proxy forwards for another address, gets the usual 404.
 */
export async function devMailbox(app: FastifyInstance) {
  app.addHook("onRequest", loopbackOnly);
  app.get<{ Querystring: { to?: string } }>("/dev/mailbox.json", async (request, reply) => {
    const to = typeof request.query.to === "string" ? request.query.to : undefined;
    const messages = await listMail(app.db, app.mail.publicUrl, { to });
    return reply.header("cache-control", "no-store").send({ messages });
  });

  app.get("/dev/mailbox", async (_request, reply) => {
    const messages = await listMail(app.db, app.mail.publicUrl);
    const items = messages.map((m) => {
      const body = m.composeError
        ? `<h2>${esc(m.subject)}</h2><p>Cannot be composed: ${esc(m.composeError)}</p>`
        : `<h2><a href="/dev/mailbox/${m.id}">${esc(m.subject)}</a></h2><ul>${m.links
            .map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`)
            .join("")}</ul><pre>${esc(m.text)}</pre>`;
      const meta = `#${m.id} to ${esc(m.to)} · ${esc(m.status)} · attempts ${m.attempts} · queued ${m.createdAt}${m.lastError ? ` · last error: ${esc(m.lastError)}` : ""}`;
      return `<article><p>${meta}</p>${body}</article>`;
    });
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", CSP)
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Development mailbox</title>` +
          `<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem}</style></head>` +
          `<body><h1>Development mailbox</h1><p>The latest 50 messages in the outbox (this page exists only outside production).</p>${items.join("") || "<p>No messages yet.</p>"}</body></html>`,
      );
  });

  app.get<{ Params: { id: string } }>("/dev/mailbox/:id", async (request, reply) => {
    const id = Number(request.params.id);
    const [row] = Number.isSafeInteger(id) && id > 0 ? await app.db.select().from(outbox).where(eq(outbox.id, id)) : [];
    if (!row) return reply.status(404).header("content-type", "text/plain; charset=utf-8").send("No such message.");
    const mail = await composeMail({ to: row.recipient, template: row.template, data: row.data }, app.mail.publicUrl);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", CSP)
      .send(mail.html);
  });
}
