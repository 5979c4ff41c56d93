/**
 * What the build adds for search engines, link previews and feed readers (run by scripts/postbuild.ts):
 * each prerendered page's picture for link previews, its schema.org structured data and the feed link in
 * its head; sitemap.xml, robots.txt and the blog's Atom feed. Everything is made from the data modules
 * (app/data/org.ts, app/data/exams.ts), the content catalog and the prerendered pages themselves.
 *
 * These tags are for crawlers, which read the prerendered page, so they are written into the HTML here and
 * cost the browser no JavaScript (the routes' `meta` keeps title, description, canonical URL and Open Graph
 * text). React leaves head tags it did not render alone when it hydrates; after a client-side navigation
 * they still describe the page first loaded, which no crawler sees.
 */
import {
  badges,
  certificationByPath,
  RECERTIFICATION_YEARS,
  priceToCents,
  type Certification,
} from "../app/data/exams";
import { org } from "../app/data/org";
import { blogFeed, blogImageSize, blogPosts } from "../app/lib/blog";
import type { CatalogEntry } from "../app/content/schema.server";
import { absoluteUrl } from "../app/lib/meta";

export interface BuiltPage {
  route: string;
  html: string;
}

/** A page's picture for link previews: a PNG in public/, with its size and text. */
export interface SocialImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The canonical URL a page's head names, if any. */
export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

export const isNoindex = (html: string) => /<meta name="robots" content="[^"]*noindex/.test(html);

// ---------------------------------------------------------------------------------------------------------
// Link-preview pictures

/** The coalition's card, for every page without a picture of its own. */
export const defaultSocialImage: SocialImage = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: `${org.shortName}, ${org.name}`,
};

/** The size of the PNG beside each badge SVG. */
export const BADGE_RASTER_SIZE = 480;

/**
 * Link previews do not show SVG: each SVG that is a page's picture has a PNG beside it (same name),
 * rendered by scripts/social-images.ts at the size socialRasters() gives.
 */
export const rasterOf = (svgPath: string) => svgPath.replace(/\.svg$/, ".png");

/** Every SVG that has a PNG for link previews: the exam badges and the blog posts' pictures. */
export function socialRasters(catalog: CatalogEntry[]): { svg: string; png: string; width: number; height: number }[] {
  return [
    ...badges.map((b) => ({ svg: b.imageSRC, width: BADGE_RASTER_SIZE, height: BADGE_RASTER_SIZE })),
    ...blogPosts(catalog)
      .filter((p) => p.image)
      .map((p) => ({ svg: p.image!, ...blogImageSize })),
  ].map((r) => ({ ...r, png: rasterOf(r.svg) }));
}

/** An exam page shows its badge; a blog post its own picture; every other page the coalition's card. */
export function socialImageOf(route: string, catalog: CatalogEntry[]): SocialImage {
  const exam = certificationByPath(route);
  if (exam) {
    const badge = badges.find((b) => b.key === exam.slug)!;
    return { path: rasterOf(badge.imageSRC), width: BADGE_RASTER_SIZE, height: BADGE_RASTER_SIZE, alt: badge.label };
  }
  const post = catalog.find((e) => e.route === route && e.section === "blog" && e.image);
  if (post) return { path: rasterOf(post.image!), ...blogImageSize, alt: post.imageAlt ?? post.title };
  return defaultSocialImage;
}

// ---------------------------------------------------------------------------------------------------------
// Structured data (schema.org)

type Json = { [key: string]: unknown };

/** The coalition, on the home page. */
export function organizationData(): Json {
  return {
    "@type": "Organization",
    name: org.name,
    alternateName: org.shortName,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/icon-512.png"),
    description: org.mission,
    email: org.email,
    telephone: org.phone.href.replace(/^tel:/, ""),
    address: {
      "@type": "PostalAddress",
      streetAddress: org.address.street,
      addressLocality: org.address.city,
      addressRegion: org.address.region,
      postalCode: org.address.postalCode,
      addressCountry: org.address.country,
    },
    sameAs: Object.values(org.social).map((s) => s.href),
  };
}

/** An exam's detail page: the credential its exam leads to, awarded by the coalition, and the exam's price. */
export function credentialData(c: Certification, catalog: CatalogEntry[] = []): Json {
  const url = absoluteUrl(c.learnMore ?? "/credentials");
  return {
    "@type": "EducationalOccupationalCredential",
    name: c.title,
    description: c.description,
    url,
    image: absoluteUrl(socialImageOf(c.learnMore ?? "", catalog).path),
    credentialCategory: "certification",
    competencyRequired: c.details?.weights.map((w) => w.title) ?? [],
    validFor: `P${RECERTIFICATION_YEARS}Y`,
    recognizedBy: { "@type": "Organization", name: org.name, url: absoluteUrl("/") },
    offers: {
      "@type": "Offer",
      price: (priceToCents(c.nonMemberPrice) / 100).toFixed(2),
      priceCurrency: "USD",
      availability: c.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url,
    },
  };
}

/**
 * A content page's trail from the home page: Home, the index its back link returns to (when that is a
 * content page), the page. Blog posts have none: their BlogPosting (components/ContentPage) places them.
 */
export function breadcrumbTrail(page: CatalogEntry, catalog: CatalogEntry[]): { name: string; path: string }[] {
  if (page.section === "blog") return [];
  const href = page.backLink?.href;
  const parent = href && catalog.find((p) => p.route === href || p.aliases?.includes(href));
  return [
    { name: "Home", path: "/" },
    ...(parent ? [{ name: parent.title, path: parent.route }] : []),
    { name: page.title, path: page.route },
  ];
}

export function breadcrumbData(trail: { name: string; path: string }[]): Json {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((t, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: t.name,
      item: absoluteUrl(t.path),
    })),
  };
}

/** The structured data of a page: Organization on /, the credential on an exam page, breadcrumbs on content pages. */
export function structuredDataOf(route: string, catalog: CatalogEntry[]): Json[] {
  if (route === "/") return [organizationData()];
  const exam = certificationByPath(route);
  if (exam) return [credentialData(exam, catalog)];
  const page = catalog.find((e) => e.route === route || e.aliases?.includes(route));
  const trail = page ? breadcrumbTrail(page, catalog) : [];
  return trail.length > 1 ? [breadcrumbData(trail)] : [];
}

/** JSON for a `<script>` element: `<` escaped, so no text in it can close the element. */
const scriptJson = (data: Json) =>
  JSON.stringify({ "@context": "https://schema.org", ...data })
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The tags the build adds to a page's head: link-preview picture, structured data, the blog feed. */
export function headTags(route: string, catalog: CatalogEntry[]): string {
  const image = socialImageOf(route, catalog);
  const url = escapeXml(absoluteUrl(image.path));
  const alt = escapeXml(image.alt);
  // a wide picture fills the card; a square one (an exam badge) sits beside the text
  const card = image.width >= 1.5 * image.height ? "summary_large_image" : "summary";
  return [
    `<meta property="og:image" content="${url}">`,
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    `<meta property="og:image:alt" content="${alt}">`,
    `<meta name="twitter:card" content="${card}">`,
    `<meta name="twitter:image" content="${url}">`,
    `<meta name="twitter:image:alt" content="${alt}">`,
    `<link rel="alternate" type="${blogFeed.type}" title="${escapeXml(`${org.shortName} blog`)}" href="${blogFeed.path}">`,
    ...structuredDataOf(route, catalog).map((d) => `<script type="application/ld+json">${scriptJson(d)}</script>`),
  ].join("");
}

/** A prerendered page with the build's head tags added (once). */
export function withHeadTags(html: string, route: string, catalog: CatalogEntry[]): string {
  if (html.includes('property="og:image"')) return html;
  return html.replace("</head>", `${headTags(route, catalog)}</head>`);
}

// ---------------------------------------------------------------------------------------------------------
// Sitemap, robots.txt, feed

/**
 * The date a page carries of its own: a blog post's date, a content page's effective date, the blog list's
 * newest post. Pages without one (screens built from app/data) get none, rather than the build time.
 */
export function pageDates(catalog: CatalogEntry[]): Map<string, string> {
  const dates = new Map(catalog.map((e) => [e.route, e.date ?? e.effectiveDate] as const));
  const newest = blogPosts(catalog)[0];
  if (newest) dates.set("/blog", newest.date ?? newest.effectiveDate);
  return dates;
}

/**
 * The sitemap: every prerendered page that is its own canonical URL (not an alias such as /testing, whose
 * canonical is /testing-policies) and may be indexed, with `lastmod` where the page has a date.
 */
export function sitemapXml(pages: BuiltPage[], dates: Map<string, string>): { xml: string; routes: string[] } {
  const routes = pages
    .filter((p) => !isNoindex(p.html) && canonicalOf(p.html) === absoluteUrl(p.route))
    .map((p) => p.route)
    .sort();
  const url = (r: string) => {
    const lastmod = dates.get(r);
    return `  <url><loc>${escapeXml(absoluteUrl(r))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  };
  return {
    routes,
    xml: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${routes.map(url).join("\n")}
</urlset>
`,
  };
}

/**
 * robots.txt. Pages with `noindex` (log-in, sign-up, the account screens) stay crawlable: a crawler must
 * fetch a page to see its noindex. Only the staff console is disallowed: every /staff address answers the
 * same empty client-rendered shell behind a staff session (nothing to crawl, and an open-ended space of
 * addresses such as /staff/candidates/:id); it also sends `X-Robots-Tag: noindex`, and no public page links it.
 */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /staff\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}

/** The blog's Atom feed (RFC 4287): every post, newest first, with its summary and a link to the article. */
export function atomFeed(catalog: CatalogEntry[]): string {
  const posts = blogPosts(catalog);
  const day = (e: CatalogEntry) => `${e.date ?? e.effectiveDate}T00:00:00Z`;
  const entries = posts.map(
    (p) => `  <entry>
    <title>${escapeXml(p.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(p.route))}"/>
    <id>${escapeXml(absoluteUrl(p.route))}</id>
    <published>${day(p)}</published>
    <updated>${day(p)}</updated>
    <author><name>${escapeXml(p.author ?? org.name)}</name></author>
    <summary>${escapeXml(p.excerpt ?? p.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escapeXml(`${org.shortName} blog`)}</title>
  <subtitle>${escapeXml(org.tagline)}</subtitle>
  <link rel="self" type="${blogFeed.type}" href="${escapeXml(absoluteUrl(blogFeed.path))}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl("/blog"))}"/>
  <id>${escapeXml(absoluteUrl("/blog"))}</id>
  <updated>${posts[0] ? day(posts[0]) : "1970-01-01T00:00:00Z"}</updated>
  <author><name>${escapeXml(org.name)}</name></author>
${entries.join("\n")}
</feed>
`;
}
