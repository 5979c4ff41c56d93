import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PAGE } from "./app/data/not-found";

export default {
  ssr: false,
  // React Router v8's behaviour now, so the build prints no future-flag warnings. The site has no loaders,
  // actions or middleware, so the first four change nothing it does (the prerendered pages are the same).
  // Trailing-slash-aware data requests stay off: with them the prerender renders each page at "<path>/",
  // and the navigation no longer marks the current page (aria-current) on /board, /account and others.
  // Revisit when moving to v8, or when prerendering keeps the path as it is.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: false,
    v8_viteEnvironmentApi: true,
  },
  // Every static route in app/routes.ts is prerendered to build/client/<path>/index.html, except the
  // staff console: its pages render in the browser from the API (the server answers /staff/* with the
  // SPA page, server/plugins/site.ts).
  // The not-found route ("*") is prerendered once, at /404: the server answers every unknown path with that
  // page and status 404 (server/plugins/site.ts), so it has its heading, navigation and way back before any
  // script runs.
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths().filter((p) => p !== "/staff" && !p.startsWith("/staff/")), NOT_FOUND_PAGE];
  },
} satisfies Config;
