import fs from "node:fs";
import path from "node:path";
import { Parser } from "acorn";
import type { Root } from "mdast";
import { describe, expect, it } from "vitest";
import { contentDir, contentFiles, readFrontmatter, remarkContentPage, routeModules } from "./pipeline.server";

/** An MDX page as the remark stage sees it: its ESM lines (the body does not matter here). */
function pageTree(esm: string): Root {
  const estree = Parser.parse(esm, { ecmaVersion: "latest", sourceType: "module" });
  return { type: "root", children: [{ type: "mdxjsEsm", value: esm, data: { estree } }] } as unknown as Root;
}
const run = (tree: Root, file: string) =>
  (remarkContentPage as () => (t: Root, f: { path: string }) => void)()(tree, { path: file });

describe("the content pipeline", () => {
  const idPolicy = path.join(contentDir, "testing/id-policy.mdx");

  it("adds only data to a page: its frontmatter, table of contents and reading time as handle.contentPage", () => {
    const tree = pageTree('export { meta, default } from "~/content/page";');
    run(tree, idPolicy);
    const added = tree.children.at(-1) as unknown as { value: string };
    expect(added.value).toMatch(/^export const handle = \{ contentPage: \{"frontmatter":\{"title":"ID Policy"/);
    expect(added.value).toContain('"readingMinutes":');
    expect(added.value).not.toMatch(/import|function|=>/);
  });

  it("refuses a page that does not take its route code from the content route module, saying what to write", () => {
    expect(() => run(pageTree('import { org } from "~/data/org";'), idPolicy)).toThrow(
      'testing/id-policy.mdx (kind: page) takes its route code from ~/content/page: add the line `export { meta, default } from "~/content/page";`',
    );
    const index = path.join(contentDir, "testing/index.mdx");
    expect(() => run(pageTree('export { meta, default } from "~/content/page";'), index)).toThrow(
      "~/content/index-page",
    );
  });

  it.each(contentFiles().map((f) => path.relative(contentDir, f)))("%s names its route code", (rel) => {
    const file = path.join(contentDir, rel);
    const source = routeModules[readFrontmatter(file).kind];
    expect(fs.readFileSync(file, "utf8")).toContain(`export { meta, default } from "${source}";`);
  });
});
