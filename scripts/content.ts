/**
 * The MDX content library at build time: reading pages, validating their frontmatter, the remark
 * plugin that turns each MDX file into a complete route module, and the Vite plugin that exposes
 * the catalog (`virtual:content-catalog`) and emits the search index (`/content-search.json`).
 */
import fs from "node:fs";
import path from "node:path";
import { Parser } from "acorn";
import GithubSlugger from "github-slugger";
import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import type { Plugin as VitePlugin } from "vite";
import { parse as parseYaml } from "yaml";
import { frontmatterSchema, type CatalogEntry, type Frontmatter } from "../app/lib/content-schema";

export const contentDir = path.resolve(import.meta.dirname, "../app/content");

export function contentFiles(dir = contentDir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".mdx"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export function readFrontmatter(file: string): Frontmatter {
  const src = fs.readFileSync(file, "utf8");
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(src);
  if (!m) throw new Error(`${path.relative(process.cwd(), file)}: missing frontmatter`);
  const parsed = frontmatterSchema.safeParse(parseYaml(m[1]!));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "frontmatter"}: ${i.message}`).join("; ");
    throw new Error(`${path.relative(process.cwd(), file)}: invalid frontmatter: ${issues}`);
  }
  return parsed.data;
}

/** The readable text of an MDX page: no frontmatter, imports, tags or markdown punctuation. */
export function plainText(file: string): string {
  return fs
    .readFileSync(file, "utf8")
    .replace(/^---[\s\S]*?\n---/, "")
    .replace(/^(import|export) .*$/gm, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_>`|{}-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Reading time at 220 words a minute, at least one minute. */
export function readingMinutesOf(file: string): number {
  return Math.max(1, Math.round(plainText(file).split(" ").length / 220));
}

export function catalog(): CatalogEntry[] {
  return contentFiles().map((file) => {
    const fm = readFrontmatter(file);
    return {
      ...fm,
      file: path.relative(contentDir, file).split(path.sep).join("/"),
      readingMinutes: readingMinutesOf(file),
    };
  });
}

function esm(code: string) {
  const program = Parser.parse(code, { ecmaVersion: "latest", sourceType: "module" });
  return { type: "mdxjsEsm", value: code, data: { estree: program } } as unknown as Root["children"][number];
}

/**
 * Makes an MDX page a full route module: validates its frontmatter, collects its `##` headings for
 * the table of contents, and adds `meta`, `toc` and the layout (components/ContentPage).
 */
export const remarkContentPage: import("unified").Plugin<[], Root> = () => (tree, file) => {
  if (!file.path?.startsWith(contentDir)) return;
  const fm = readFrontmatter(file.path);
  const readingMinutes = readingMinutesOf(file.path);
  const slugger = new GithubSlugger();
  const toc: { id: string; text: string }[] = [];
  visit(tree, "heading", (node: Heading) => {
    const text = toString(node);
    const id = slugger.slug(text);
    if (node.depth === 2) toc.push({ id, text });
  });
  tree.children.unshift(
    // Only index pages load the catalog (for their searchable list); other pages get what they need inline.
    esm(`import { ContentPage as __ContentPage, contentMeta as __contentMeta } from "~/components/ContentPage";
${fm.kind === "index" ? 'import { ContentIndex as __ContentIndex } from "~/components/ContentIndex";\n' : ""}import { jsx as __jsx } from "react/jsx-runtime";
export const toc = ${JSON.stringify(toc)};
export const meta = () => __contentMeta(frontmatter);
export default function MDXLayout(props) { return __jsx(__ContentPage, { frontmatter: { kind: "page", ...frontmatter }, toc, readingMinutes: ${readingMinutes}, ${fm.kind === "index" && fm.lists ? `index: __jsx(__ContentIndex, { lists: ${JSON.stringify(fm.lists)} }), ` : ""}...props }); }`),
  );
};

/** `virtual:content-catalog` (frontmatter of every page) and the search index file. */
export function contentPlugin(): VitePlugin {
  const id = "virtual:content-catalog";
  const resolved = "\0" + id;
  const searchIndex = () =>
    JSON.stringify(
      contentFiles().map((file) => {
        const fm = readFrontmatter(file);
        return {
          route: fm.route,
          title: fm.title,
          summary: fm.summary,
          section: fm.listedIn ?? fm.section,
          text: plainText(file),
        };
      }),
    );
  return {
    name: "citb-content",
    resolveId: (source) => (source === id ? resolved : undefined),
    load(source) {
      if (source !== resolved) return;
      for (const f of contentFiles()) this.addWatchFile(f);
      return `export default ${JSON.stringify(catalog())};`;
    },
    configureServer(server) {
      server.middlewares.use("/content-search.json", (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(searchIndex());
      });
    },
    generateBundle() {
      if (this.environment?.name !== "client") return;
      this.emitFile({ type: "asset", fileName: "content-search.json", source: searchIndex() });
    },
  };
}
