import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { contentPipeline } from "./app/content/pipeline.server.ts";
import { defineConfig, type Plugin } from "vite";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { islandImports, type IslandChunks } from "./scripts/islands.ts";

/**
 * Fewer, larger first-load chunks: on a slow mobile link each extra request costs a round trip, and
 * many small gzip streams compress worse than one. Every page loads React and the shell (navigation,
 * footer, store), so each becomes one chunk; pages in the app add React Router's chunk, pages served as
 * islands do not (app/islands.client.tsx); route code stays split per route.
 */
const chunkGroups = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  {
    name: "shell",
    test: /node_modules[\\/](@reduxjs[\\/]toolkit|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]|app[\\/](state[\\/]|components[\\/](NavBar|AccountLinks|Disclosure|Footer|Logo|NotFoundContent)\.tsx|data[\\/](org|navigation)\.ts|lib[\\/](meta|api|router|islands)\.tsx?|schemas[\\/]auth-messages\.ts)/,
  },
];

const islandsClient = fileURLToPath(new URL("./app/islands.client.tsx", import.meta.url));

/**
 * The script of the pages served as islands (app/islands.client.tsx) is an entry of the client build
 * beside React Router's, so both share the React and shell chunks. scripts/postbuild.ts puts its hashed
 * file into those pages. The plugin also writes build/islands.json: the chunks each island loads as its
 * page starts (scripts/islands.ts), which `npm run budgets` counts for the pages that have the island.
 */
function islandsEntry(): Plugin {
  return {
    name: "citb:islands-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      this.emitFile({ type: "chunk", id: islandsClient, name: "islands" });
    },
    async generateBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      // a module can share a chunk with others (PrintButton is also part of the content layout's chunk)
      const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (file: string, seen: Set<string>) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) withImports(dep, seen);
      };
      const result: IslandChunks = {};
      for (const [name, specifiers] of Object.entries(islandImports(fs.readFileSync(islandsClient, "utf8")))) {
        const files = new Set<string>();
        for (const specifier of specifiers) {
          const resolved = await this.resolve(specifier, islandsClient);
          const chunk = resolved && byModule.get(resolved.id);
          if (!chunk) throw new Error(`islands.json: no chunk for ${specifier} (island "${name}")`);
          withImports(chunk.fileName, files);
        }
        result[name] = [...files].sort().map((f) => `/${f}`);
      }
      fs.writeFileSync(path.join(options.dir!, "..", "islands.json"), `${JSON.stringify(result, null, 2)}\n`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), ...contentPipeline(), reactRouter(), islandsEntry()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // `npm run dev` (scripts/dev.mjs): the API server runs beside Vite; the browser sees one origin.
  server: {
    proxy: Object.fromEntries(
      // xfwd: the API server sees the browser's address (the mailbox answers loopback clients only)
      ["/api/", "/dev/mailbox"].map((prefix) => [
        prefix,
        { target: process.env.DEV_API_URL ?? "http://127.0.0.1:3001", xfwd: true },
      ]),
    ),
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
