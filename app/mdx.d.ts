declare module "*.mdx" {
  import type { MDXProps } from "mdx/types";
  import type { ContentPageData } from "~/content/schema.server";
  /** added by the content pipeline (app/content/pipeline.server.ts) */
  export const handle: { contentPage: ContentPageData };
  export default function MDXContent(props: MDXProps): React.JSX.Element;
}
