import type { MetaDescriptor } from "react-router";
import { org } from "~/data/org";

export interface PageMeta {
  title: string;
  description: string;
  /** the route path, e.g. "/about" */
  path: string;
  /** keep the page out of search indexes (account screens, 404) */
  noindex?: boolean;
  type?: "website" | "article";
}

export function absoluteUrl(path: string): string {
  return new URL(path, org.siteUrl).toString();
}

/**
 * Title, description, canonical link and Open Graph tags for a route. The link-preview picture, the
 * structured data and the feed link are added to the prerendered page by the build (scripts/seo.ts).
 */
export function pageMeta({ title, description, path, noindex, type = "website" }: PageMeta): MetaDescriptor[] {
  const fullTitle = path === "/" ? title : `${title} | ${org.shortName}`;
  const url = absoluteUrl(path);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: org.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
