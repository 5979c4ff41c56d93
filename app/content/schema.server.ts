import { z } from "zod";

/** Sections of the content library. Policy and testing-policy pages are controlled documents. */
export const contentSections = ["testing", "policy", "info", "blog"] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a YYYY-MM-DD date");

/**
 * The frontmatter every MDX page in app/content must carry; checked when the site builds
 * (./pipeline.server.ts). Browser code imports only its types.
 */
export const frontmatterSchema = z
  .object({
    title: z.string().min(3),
    /** one sentence, shown in the indexes and as the meta description */
    summary: z.string().min(20).max(260),
    route: z.string().regex(/^\/[A-Za-z0-9\-/]*$/, "must be a path such as /testing/id-policy"),
    /** more paths serving the same screen (for example /testing beside /testing-policies) */
    aliases: z.array(z.string().regex(/^\/[A-Za-z0-9\-/]*$/)).optional(),
    section: z.enum(contentSections),
    /** "index" pages list the pages of `lists` with a search box after their body */
    kind: z.enum(["page", "index"]).default("page"),
    lists: z.enum(["testing", "policy"]).optional(),
    /** which index lists this page; defaults to its section for testing and policy pages */
    listedIn: z.enum(["testing", "policy"]).optional(),
    backLink: z.object({ href: z.string().startsWith("/"), label: z.string().min(3) }).optional(),
    effectiveDate: isoDate,
    version: z.string().regex(/^\d+\.\d+$/, "must look like 1.0"),
    order: z.number().int().optional(),
    /** blog posts */
    author: z.string().optional(),
    date: isoDate.optional(),
    image: z.string().startsWith("/").optional(),
    imageAlt: z.string().optional(),
    excerpt: z.string().optional(),
  })
  .strict();

export type Frontmatter = z.output<typeof frontmatterSchema>;

export interface TocEntry {
  id: string;
  text: string;
}

/** What a page's route module reads from its `handle` (app/content/page.tsx), computed at build time. */
export interface ContentPageData {
  frontmatter: Frontmatter;
  toc: TocEntry[];
  /** at 220 words a minute, at least one */
  readingMinutes: number;
}

/** What the indexes and the blog list know about a page (no body). */
export interface CatalogEntry extends Frontmatter {
  file: string;
  readingMinutes: number;
}
