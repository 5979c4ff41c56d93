/**
 * Renders each prerendered page at build time (react-router.config.ts: ssr false, so this runs in
 * `npm run build`, and for each page the development server serves). It waits for the whole page, and `progressiveChunkSize` keeps every finished Suspense
 * boundary where it belongs: React's default would move a large one (an exam card, the inquiry form) to
 * the end of the HTML behind its fallback, to be swapped in by an inline script, so the page would show
 * the fallback without JavaScript and paint in two steps with it (lib/hydrate-later, decision 0013).
 */
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
// eslint-disable-next-line no-restricted-imports -- React's renderer for the build-time prerender, not the API server
import { renderToReadableStream } from "react-dom/server";
import { IslandsDocument } from "~/islands/document";

const RENDER_TIMEOUT_MS = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  let status = responseStatusCode;
  // Every page is served as islands (app/islands) but the staff console's: React Router's SPA page, which it
  // renders for the build at "/" and, in development, for every path that is not prerendered (/staff/…).
  const islands = { islands: !routerContext.isSpaMode, hmrRuntime: routerContext.manifest.hmr?.runtime };
  const page = (
    <IslandsDocument value={islands}>
      <ServerRouter context={routerContext} url={request.url} />
    </IslandsDocument>
  );
  const body = await renderToReadableStream(page, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError(error) {
      status = 500;
      console.error(error);
    },
  });
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status });
}
