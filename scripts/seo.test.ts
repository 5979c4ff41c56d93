// @vitest-environment jsdom
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { examsWithDetails } from "../app/data/exams";
import { absoluteUrl } from "../app/lib/meta";
import { catalog } from "../app/content/pipeline.server";
import {
  atomFeed,
  headTags,
  pageDates,
  robotsTxt,
  sitemapXml,
  socialImageOf,
  socialRasters,
  structuredDataOf,
  withHeadTags,
} from "./seo";

const entries = catalog();
const page = (route: string, canonical = route, robots = "") =>
  `<html><head><link rel="canonical" href="${absoluteUrl(canonical)}">${robots && `<meta name="robots" content="${robots}">`}</head></html>`;

describe("robots.txt", () => {
  it("lets crawlers fetch the noindex pages (so they see the noindex) and keeps them out of the staff console", () => {
    const robots = robotsTxt();
    for (const r of ["/login", "/signup", "/account", "/forgot-password", "/invitation"])
      expect(robots).not.toMatch(new RegExp(`^Disallow: ${r}`, "m"));
    expect(robots.match(/^Disallow: .*$/gm)).toEqual(["Disallow: /staff"]);
    expect(robots).toContain(`Sitemap: ${absoluteUrl("/sitemap.xml")}`);
  });
});

describe("the sitemap", () => {
  const { xml, routes } = sitemapXml(
    [
      { route: "/", html: page("/") },
      { route: "/testing-policies", html: page("/testing-policies") },
      { route: "/testing", html: page("/testing", "/testing-policies") },
      { route: "/login", html: page("/login", "/login", "noindex") },
      { route: "/policy/appeal-process-policy", html: page("/policy/appeal-process-policy") },
    ],
    pageDates(entries),
  );

  it("lists only canonical, indexable pages (not the /testing alias, not noindex pages)", () => {
    expect(routes).toEqual(["/", "/policy/appeal-process-policy", "/testing-policies"]);
  });

  it("dates each page by its own date and leaves undated pages without lastmod", () => {
    const appeal = entries.find((e) => e.route === "/policy/appeal-process-policy")!;
    expect(xml).toContain(
      `<loc>${absoluteUrl("/policy/appeal-process-policy")}</loc><lastmod>${appeal.effectiveDate}</lastmod>`,
    );
    expect(xml).toContain(`<loc>${absoluteUrl("/")}</loc></url>`);
    expect(xml).not.toContain(new Date().toISOString().slice(0, 10));
  });

  it("dates a blog post by its date and the blog list by its newest post", () => {
    const dates = pageDates(entries);
    const post = entries.find((e) => e.section === "blog")!;
    expect(dates.get(post.route)).toBe(post.date);
    expect(dates.get("/blog")).toBe(post.date);
    expect(dates.has("/about")).toBe(false);
  });
});

describe("the blog's Atom feed", () => {
  const doc = new DOMParser().parseFromString(atomFeed(entries), "application/xml");
  const posts = entries.filter((e) => e.section === "blog");

  it("is well-formed Atom with one entry per post, linking to the article", () => {
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(doc.documentElement.namespaceURI).toBe("http://www.w3.org/2005/Atom");
    const links = [...doc.querySelectorAll("entry > link")].map((l) => l.getAttribute("href"));
    expect(links.sort()).toEqual(posts.map((p) => absoluteUrl(p.route)).sort());
    expect(doc.querySelector("feed > updated")?.textContent).toBe(`${posts[0]!.date}T00:00:00Z`);
    expect(doc.querySelector("entry > summary")?.textContent).toBe(posts[0]!.excerpt);
  });
});

/** The width and height in a PNG's header. */
function pngSize(file: string) {
  const b = fs.readFileSync(file);
  expect(b.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

describe("link-preview pictures", () => {
  it("exist in public/ as PNGs of the size the tags state", () => {
    const rasters = socialRasters(entries);
    expect(rasters.length).toBeGreaterThanOrEqual(6);
    for (const r of [...rasters, { png: "/og-image.png", width: 1200, height: 630 }])
      expect(pngSize(path.join("public", r.png)), r.png).toEqual({ width: r.width, height: r.height });
  });

  it("are each exam page's badge, the blog post's own picture, and the coalition's card elsewhere", () => {
    for (const c of examsWithDetails)
      expect(socialImageOf(c.learnMore, entries).path).toBe(`/images/badges/${c.slug}.png`);
    const post = entries.find((e) => e.section === "blog")!;
    expect(socialImageOf(post.route, entries)).toMatchObject({
      path: post.image!.replace(/svg$/, "png"),
      alt: post.imageAlt,
    });
    expect(socialImageOf("/about", entries).path).toBe("/og-image.png");
    const tags = headTags("/jsexam-details-page", entries);
    expect(tags).toContain(`<meta property="og:image" content="${absoluteUrl("/images/badges/js.png")}">`);
    expect(tags).toContain('<meta property="og:image:width" content="480">');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
  });
});

describe("structured data", () => {
  it("describes the coalition on the home page from app/data/org.ts", () => {
    const [orgData] = structuredDataOf("/", entries);
    expect(orgData).toMatchObject({ "@type": "Organization", url: absoluteUrl("/") });
  });

  it("describes each exam page as a credential with its price", () => {
    for (const c of examsWithDetails)
      expect(structuredDataOf(c.learnMore, entries)).toEqual([
        expect.objectContaining({ "@type": "EducationalOccupationalCredential", name: c.title }),
      ]);
  });

  it("gives policy pages their breadcrumbs through their index", () => {
    const [crumbs] = structuredDataOf("/policy/appeal-process-policy", entries) as {
      itemListElement: { name: string; item: string }[];
    }[];
    expect(crumbs!.itemListElement.map((i) => i.name)).toEqual(["Home", "Policies", "Appeal Process Policy"]);
    expect(crumbs!.itemListElement[1]!.item).toBe(absoluteUrl("/policies-page"));
  });

  it("is written once into the head, with nothing in it able to close its script element", () => {
    const html = "<html><head><title>t</title></head><body></body></html>";
    const once = withHeadTags(html, "/", entries);
    expect(withHeadTags(once, "/", entries)).toBe(once);
    const json = /<script type="application\/ld\+json">(.*?)<\/script><\/head>/.exec(once)![1]!;
    expect(json).not.toContain("<");
    expect(JSON.parse(json)["@type"]).toBe("Organization");
  });
});
