declare module "virtual:content-catalog" {
  import type { CatalogEntry } from "~/content/schema.server";
  const catalog: CatalogEntry[];
  export default catalog;
}

/** The ranked common-password list of @zxcvbn-ts/language-common (server/common-passwords.ts). */
declare module "@zxcvbn-ts/language-common/dist/passwords.json.mjs" {
  const passwords: string[];
  export default passwords;
}
