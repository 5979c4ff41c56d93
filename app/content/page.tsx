import type { MetaArgs } from "react-router";
import { useMatches } from "react-router";
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

/** The data of the page being rendered: a content route has no child routes, so it is the last match. */
export function useContentPage(): ContentPageData {
  return contentPageOf(useMatches().at(-1)?.handle);
}

export const meta = ({ matches }: MetaArgs) => contentMeta(contentPageOf(matches.at(-1)?.handle).frontmatter);

/** The MDX layout of a page: header, document control, table of contents around the page's body. */
export default function ContentLayout({ children }: { children?: React.ReactNode }) {
  return <ContentPage {...useContentPage()}>{children}</ContentPage>;
}
