declare module "virtual:content-catalog" {
  import type { CatalogEntry } from "~/lib/content-schema";
  const catalog: CatalogEntry[];
  export default catalog;
}
