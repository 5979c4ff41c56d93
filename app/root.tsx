import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "react-router";
import type { LinksFunction } from "react-router";
import { NotFoundContent } from "~/components/NotFoundContent";
import { IslandsPreloads, IslandsScript, useIslandsDocument } from "~/islands/document";
import { Island } from "~/islands/island";
import { RouterLocation } from "~/lib/router";
import { Providers } from "~/state/providers";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [
  // first, so the one render-blocking file is requested before the scripts the page preloads
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // every page but the staff console's is served as islands (~/islands/document, app/entry.server.tsx)
  const { islands, hmrRuntime } = useIslandsDocument();
  const location = useLocation();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <Meta />
        <Links />
        {islands && <IslandsPreloads />}
      </head>
      <body className="flex min-h-screen flex-col">
        <RouterLocation value={location}>
          <Providers>{children}</Providers>
        </RouterLocation>
        {islands ? (
          <IslandsScript hmrRuntime={hmrRuntime} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[100] rounded-md bg-gold-400 px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <Island of="nav" />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Island of="footer" />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundContent />
      </Shell>
    );
  }
  return (
    <Shell>
      <section className="container-page py-20 text-center" aria-labelledby="error-title">
        <h1 id="error-title" className="text-3xl font-bold text-navy-900 sm:text-4xl">
          Unexpected Application Error!
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
          Something went wrong while showing this page. Nothing you entered has been lost on our side. Try loading the
          page again, or go back to the home page.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            Reload this page
          </button>
          <a href="/" className="btn-outline">
            Go to the home page
          </a>
        </div>
      </section>
    </Shell>
  );
}
