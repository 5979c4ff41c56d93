import type { MetaArgs } from "react-router";
import { ContentPage, contentMeta } from "~/components/ContentPage";
import type { ContentPageData } from "./schema.server";

/**
 * The route code of every MDX page: each page re-exports it (`export { meta, default } from
 * "~/content/page";`), and the content pipeline (./pipeline.server.ts) gives the page's route its data
 * as `handle.contentPage`: the frontmatter, the table of contents and the reading time.
 */
export function contentPageOf(handle: unknown): ContentPageData {
  const page = (handle as { contentPage?: ContentPageData } | undefined)?.contentPage;
  if (!page) throw new Error("No handle.contentPage: not an MDX page of app/content");
  return page;
}

/**
 * The props React Router gives a route's component, which MDX passes on to its layout: the route matches,
 * whose last one is the page's own route (a content route has no child routes).
 */
export interface ContentLayoutProps {
  children?: React.ReactNode;
  matches?: readonly ({ handle?: unknown } | undefined)[];
}

/** The data of the page being rendered, from its route's handle. */
export function contentPageIn(matches: ContentLayoutProps["matches"]): ContentPageData {
  return contentPageOf(matches?.at(-1)?.handle);
}

export const meta = ({ matches }: MetaArgs) => contentMeta(contentPageOf(matches.at(-1)?.handle).frontmatter);

/** The MDX layout of a page: header, document control, table of contents around the page's body. */
export default function ContentLayout({ children, matches }: ContentLayoutProps) {
  return <ContentPage {...contentPageIn(matches)}>{children}</ContentPage>;
}
