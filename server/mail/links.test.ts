import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// eslint-disable-next-line no-restricted-imports -- a test: every link in mail must name a page of the site
import routeConfig from "../../app/routes";
import { ceActivities, certificationsTable, outbox } from "../db/schema";
import { accountWithRole } from "../testing/accounts";
import { evidenceFile } from "../testing/records";
import { testApp, type TestContext } from "../testing/helpers";
import { composeMail } from "./compose";
import { mailSamples as samples, SAMPLE_PUBLIC_URL as PUBLIC_URL } from "../testing/mail-samples";
import { templates, type TemplateName } from "./templates";

/**
 * Every link in every message the site sends resolves (issue 25.11): each template registered in
 * server/mail/templates, rendered with sample data, and the messages the real flows queue. A link is
 * on PUBLIC_URL and names a page of the route table (app/routes.ts, what the build prerenders) or a
 * route of the API; `mailto:` links name an address.
 */

type Route = { path?: string; children?: Route[] };
const sitePaths = (routes: Route[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [`/${r.path}`] : []), ...sitePaths(r.children ?? [])]);
const pagePatterns = sitePaths(routeConfig as Route[])
  .filter((p) => p !== "/*")
  .map((p) => new RegExp(`^${p.replace(/:\w+/g, "[^/]+")}$`));

let t: TestContext;
beforeAll(async () => {
  t = await testApp({}, { PUBLIC_URL });
}, 60_000);
afterAll(() => t.close());

/** The links of a rendered message: every href of the HTML part and every address in the text part. */
function linksOf(mail: { html: string; text: string }): string[] {
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const inText = mail.text.match(/https?:\/\/[^\s<>"\])]+/g) ?? [];
  return [...new Set([...hrefs, ...inText.map((l) => l.replace(/[.,;:]+$/, ""))])];
}

/** Why a link does not resolve, or null when it does. */
async function brokenBecause(link: string): Promise<string | null> {
  if (link.startsWith("mailto:")) return /^mailto:[^@\s]+@[^@\s]+$/.test(link) ? null : "not an address";
  if (!link.startsWith(`${PUBLIC_URL}/`)) return `not on PUBLIC_URL (${PUBLIC_URL})`;
  const path = new URL(link).pathname;
  if (path.startsWith("/api/")) {
    // a route of the API answers something other than the "no such route" 404
    const res = await t.app.inject({ method: "GET", url: path });
    return res.statusCode === 404 && /route/i.test(res.body) ? "no API route" : null;
  }
  return pagePatterns.some((re) => re.test(path)) ? null : "no page at this path";
}

describe("links in mail", () => {
  it.each(Object.keys(templates) as TemplateName[])(
    "%s: every link resolves to a page or an API route",
    async (name) => {
      const mail = await composeMail({ to: "ada@example.com", template: name, data: samples[name] }, PUBLIC_URL);
      const links = linksOf(mail);
      for (const link of links) expect({ link, broken: await brokenBecause(link) }).toEqual({ link, broken: null });
    },
  );

  it("a template with an action links from it (the check above sees the links)", async () => {
    const mail = await composeMail(
      { to: "ada@example.com", template: "activity-reviewed", data: samples["activity-reviewed"] },
      PUBLIC_URL,
    );
    expect(linksOf(mail)).toContain(`${PUBLIC_URL}/account/education`);
  });

  it("the review of a continuing-education activity, queued by the console, links to the candidate's page", async () => {
    const staff = await accountWithRole(t.app, "staff", "desk@example.com");
    const candidate = await accountWithRole(t.app, "candidate", "ada@example.com");
    const db = t.database.db;
    const [cert] = await db
      .insert(certificationsTable)
      .values({
        credentialId: "CITB-LINK-TEST",
        userId: candidate.user.id,
        certId: 1,
        holderFirstName: "Ada",
        holderLastName: "Lovelace",
        issuedAt: new Date(Date.now() - 86_400_000),
        cycleStartedAt: new Date(Date.now() - 86_400_000),
        expiresAt: new Date(Date.now() + 3 * 365 * 86_400_000),
      })
      .returning();
    const file = await evidenceFile(db, candidate.user.id);
    const [activity] = await db
      .insert(ceActivities)
      .values({
        userId: candidate.user.id,
        certificationId: cert!.id,
        title: "A course",
        provider: "A school",
        activityDate: new Date().toISOString().slice(0, 10),
        category: "course",
        units: 4,
        evidenceUploadId: file.id,
      })
      .returning();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/staff/ce-activities/${activity!.id}/review`,
      headers: staff.headers,
      payload: { outcome: "approved" },
    });
    expect(res.statusCode).toBe(200);
    const [queued] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, "ada@example.com"), eq(outbox.template, "activity-reviewed")));
    const mail = await composeMail(
      { to: queued!.recipient, template: queued!.template, data: queued!.data },
      PUBLIC_URL,
    );
    const links = linksOf(mail);
    expect(links).toContain(`${PUBLIC_URL}/account/education`);
    for (const link of links) expect({ link, broken: await brokenBecause(link) }).toEqual({ link, broken: null });
  });
});
