import { ContentPage } from "~/components/ContentPage";
import { Island } from "~/islands/island";
import { contentPageIn, type ContentLayoutProps } from "./page";

export { meta } from "./page";

/**
 * The MDX layout of an index page (`kind: index`): the page, then the searchable list of the pages
 * its `lists` names. A module of its own, so that only index pages load the catalog.
 */
export default function IndexLayout({ children, matches }: ContentLayoutProps) {
  const page = contentPageIn(matches);
  const lists = page.frontmatter.lists;
  if (!lists) throw new Error(`${page.frontmatter.route}: an index page needs lists:`);
  return (
    <ContentPage {...page} index={<Island of="content-index" lists={lists} />}>
      {children}
    </ContentPage>
  );
}
