/**
 * Renders each prerendered page at build time (react-router.config.ts: ssr false, so this runs only in
 * `npm run build`). It waits for the whole page, and `progressiveChunkSize` keeps every finished Suspense
 * boundary where it belongs: React's default would move a large one (an exam card, the inquiry form) to
 * the end of the HTML behind its fallback, to be swapped in by an inline script, so the page would show
 * the fallback without JavaScript and paint in two steps with it (lib/hydrate-later, decision 0013).
 */
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
// eslint-disable-next-line no-restricted-imports -- React's renderer for the build-time prerender, not the API server
import { renderToReadableStream } from "react-dom/server";

const RENDER_TIMEOUT_MS = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  let status = responseStatusCode;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
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
