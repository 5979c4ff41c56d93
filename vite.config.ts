import mdx from "@mdx-js/rollup";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import remarkFrontmatter from "remark-frontmatter";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import rehypeSlug from "rehype-slug";
import { contentPlugin, remarkContentPage } from "./scripts/content";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [
    tailwindcss(),
    contentPlugin(),
    {
      enforce: "pre",
      ...mdx({
        remarkPlugins: [remarkFrontmatter, remarkMdxFrontmatter, remarkContentPage],
        rehypePlugins: [rehypeSlug],
      }),
    },
    reactRouter(),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
});
