import type { Config } from "@react-router/dev/config";

export default {
  ssr: false,
  // Every static route in app/routes.ts is prerendered to build/client/<path>/index.html, except the
  // staff console: its pages render in the browser from the API (the server answers /staff/* with the
  // SPA page, server/plugins/site.ts).
  async prerender({ getStaticPaths }) {
    return getStaticPaths().filter((p) => p !== "/staff" && !p.startsWith("/staff/"));
  },
} satisfies Config;
