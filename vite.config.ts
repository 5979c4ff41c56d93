import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { contentPipeline } from "./app/content/pipeline.server.ts";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { islands } from "./app/islands/vite.ts";

/**
 * Fewer, larger first-load chunks: on a slow mobile link each extra request costs a round trip, and
 * many small gzip streams compress worse than one. Every page loads React and the shell (navigation,
 * footer, store), so each becomes one chunk; pages in the app add React Router's chunk, pages served as
 * islands do not (app/islands); route code stays split per route.
 */
const chunkGroups = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  {
    name: "shell",
    test: /node_modules[\\/](@reduxjs[\\/]toolkit|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]|app[\\/](state[\\/]|components[\\/](NavBar|AccountLinks|Disclosure|Footer|Logo|NotFoundContent)\.tsx|data[\\/](org|navigation)\.ts|lib[\\/](meta|api|router)\.tsx?|islands[\\/](registry|island)\.tsx|islands[\\/]early-submit\.ts|schemas[\\/]auth-messages\.ts)/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), ...contentPipeline(), reactRouter(), islands()],
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
