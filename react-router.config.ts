import type { Config } from "@react-router/dev/config";

export default {
  ssr: false,
  // Every static route in app/routes.ts is prerendered to build/client/<path>/index.html.
  async prerender({ getStaticPaths }) {
    return getStaticPaths();
  },
} satisfies Config;
