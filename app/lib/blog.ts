import type { CatalogEntry } from "~/content/schema.server";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** A blog date as the spec shows it: "2024-08-01" → "01 Aug 2024" (two-digit day, short month, year). */
export function formatBlogDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const month = MONTHS[Number(m[2]) - 1];
  if (!month) return iso;
  return `${m[3]} ${month} ${m[1]}`;
}

/** The blog's Atom feed, written by the build (scripts/seo.ts) and announced in the head of every page. */
export const blogFeed = { path: "/blog/feed.atom", type: "application/atom+xml" } as const;

/** Blog images are drawn at 1200 × 630 (the social-card shape), so every <img> reserves that ratio. */
export const blogImageSize = { width: 1200, height: 630 } as const;

/** The blog posts of the content catalog, newest first. */
export function blogPosts(catalog: CatalogEntry[]): CatalogEntry[] {
  return catalog
    .filter((e) => e.section === "blog")
    .sort((a, b) => (b.date ?? b.effectiveDate).localeCompare(a.date ?? a.effectiveDate));
}
