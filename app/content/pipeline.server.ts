/**
 * The MDX content pipeline, run by Vite at build time (never in the browser): reading pages,
 * validating their frontmatter (./schema.server.ts), the remark plugin that gives each page its data,
 * and the Vite plugin that exposes the catalog (`virtual:content-catalog`) and emits the search index
 * (`/content-search.json`). app/routes.ts makes every page a route from the same reading.
 */
import fs from "node:fs";
import path from "node:path";
import { Parser } from "acorn";
import GithubSlugger from "github-slugger";
import type { Program } from "estree";
import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import mdx from "@mdx-js/rollup";
import rehypeSlug from "rehype-slug";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import type { PluginOption, Plugin as VitePlugin } from "vite";
import { parse as parseYaml } from "yaml";
import { rehypeTables } from "./rehype-tables.server.ts";
import {
  frontmatterSchema,
  type CatalogEntry,
  type ContentPageData,
  type Frontmatter,
  type TocEntry,
} from "./schema.server.ts";

export const contentDir = import.meta.dirname;

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

/**
 * Where each kind of page takes its route code from: a code module, imported by the page itself
 * (`export { meta, default } from "~/content/page";`), so a page names what renders it.
 */
export const routeModules: Record<Frontmatter["kind"], string> = {
  page: "~/content/page",
  index: "~/content/index-page",
};

/** The data of a page that its route module reads from the route's `handle`, computed at build time. */
function pageData(file: string, tree: Root): ContentPageData {
  const slugger = new GithubSlugger();
  const toc: TocEntry[] = [];
  visit(tree, "heading", (node: Heading) => {
    const text = toString(node);
    const id = slugger.slug(text);
    if (node.depth === 2) toc.push({ id, text });
  });
  return { frontmatter: readFrontmatter(file), toc, readingMinutes: readingMinutesOf(file) };
}

/** The names an MDX page exports from `source` (`export { meta, default } from "source"`). */
function reexportsFrom(tree: Root, source: string): string[] {
  return (tree.children as { type: string; data?: { estree?: Program } }[]).flatMap((node) => {
    if (node.type !== "mdxjsEsm") return [];
    return (node.data?.estree?.body ?? []).flatMap((s) =>
      s.type === "ExportNamedDeclaration" && s.source?.value === source
        ? s.specifiers.map((x) => (x.exported.type === "Identifier" ? x.exported.name : String(x.exported.value)))
        : [],
    );
  });
}

/**
 * The only thing the pipeline adds to an MDX page is data: `export const handle = { contentPage }`
 * (its validated frontmatter, its `##` headings for the table of contents, its reading time). The
 * page's route code (`meta`, the layout) is a code module the page re-exports (`routeModules`); a page
 * that does not fails the build with a message that says what to write.
 */
export const remarkContentPage: import("unified").Plugin<[], Root> = () => (tree, file) => {
  if (!file.path?.startsWith(contentDir)) return;
  const data = pageData(file.path, tree);
  const source = routeModules[data.frontmatter.kind];
  const names = reexportsFrom(tree, source);
  if (!names.includes("meta") || !names.includes("default"))
    throw new Error(
      `${path.relative(process.cwd(), file.path)} (kind: ${data.frontmatter.kind}) takes its route code from ${source}: ` +
        `add the line \`export { meta, default } from "${source}";\` after the frontmatter.`,
    );
  const code = `export const handle = { contentPage: ${JSON.stringify(data)} };`;
  const estree = Parser.parse(code, { ecmaVersion: "latest", sourceType: "module" });
  tree.children.push({ type: "mdxjsEsm", value: code, data: { estree } } as unknown as Root["children"][number]);
};

/**
 * The MDX pipeline of the site, for vite.config.ts and vitest.config.ts: the catalog and search index
 * plugin, and MDX with GitHub tables, heading ids and scrolling table regions.
 */
export function contentPipeline(): PluginOption[] {
  return [
    contentPlugin(),
    {
      enforce: "pre",
      ...mdx({
        remarkPlugins: [remarkFrontmatter, remarkGfm, remarkContentPage],
        rehypePlugins: [rehypeSlug, rehypeTables],
      }),
    },
  ];
}

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
