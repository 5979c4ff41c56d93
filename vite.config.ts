import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { contentPipeline } from "./app/content/pipeline.server.ts";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

/**
 * Fewer, larger first-load chunks: on a slow mobile link each extra request costs a round trip, and
 * many small gzip streams compress worse than one. Every page loads the framework and the shell
 * (navigation, footer, store), so each becomes one chunk; route code stays split per route.
 */
const chunkGroups = [
  {
    name: "framework",
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: "shell",
    test: /node_modules[\\/](@reduxjs[\\/]toolkit|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]|app[\\/](root\.tsx|state[\\/]|components[\\/](NavBar|Footer|Logo|NotFoundContent)\.tsx|data[\\/]org\.ts|lib[\\/](meta|api)\.ts|schemas[\\/]auth-messages\.ts)/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), ...contentPipeline(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // `npm run dev` (scripts/dev.mjs): the API server runs beside Vite; the browser sees one origin.
  server: {
    proxy: Object.fromEntries(
      ["/api/", "/dev/mailbox"].map((prefix) => [prefix, process.env.DEV_API_URL ?? "http://127.0.0.1:3001"]),
    ),
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
