// @vitest-environment jsdom
import { prerender } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer } from "~/components/Footer";
import { NavBar } from "~/components/NavBar";
import { appRouter } from "./app-router";
import { Link, NavLink, SiteRouterProvider } from "./router";
import { Providers } from "~/state/providers";

/**
 * An island hydrates markup that React Router rendered with the plain router of ~/lib/router: both must
 * render the same HTML, or React would find a mismatch (docs/decisions/0016).
 */
async function html(node: React.ReactNode): Promise<string> {
  return new Response((await prerender(node)).prelude).text();
}
function inApp(path: string, node: React.ReactNode): Promise<string> {
  return html(
    <MemoryRouter initialEntries={[path]}>
      <SiteRouterProvider value={appRouter}>{node}</SiteRouterProvider>
    </MemoryRouter>,
  );
}
function asIsland(path: string, node: React.ReactNode): Promise<string> {
  window.history.replaceState(null, "", path);
  return html(node);
}

describe("~/lib/router: the app's links and the islands' plain ones render the same markup", () => {
  it.each(["/testing/refund-policy", "/board", "/special-accommodations"])(
    "the navigation bar and the footer on %s, current page marked alike",
    async (path) => {
      const shell = (
        <Providers>
          <NavBar />
          <Footer />
        </Providers>
      );
      const plain = await asIsland(path, shell);
      expect(plain).toBe(await inApp(path, shell));
      if (path === "/board") expect(plain).toMatch(/aria-current="page"[^>]*href="\/board"/);
    },
  );

  it("a NavLink is current only on its own path, with its class from the state; links keep their attributes", async () => {
    const node = (
      <>
        <NavLink to="/about" end className={({ isActive }) => (isActive ? "on" : "off")}>
          About
        </NavLink>
        <Link to="/contact" className="link" target="_self">
          Contact
        </Link>
        <Link to="https://example.org/">Away</Link>
      </>
    );
    for (const path of ["/about", "/about/challenge"]) expect(await asIsland(path, node)).toBe(await inApp(path, node));
    expect(await asIsland("/about", node)).toContain('<a aria-current="page" class="on" href="/about"');
    expect(await asIsland("/about/challenge", node)).toContain('<a class="off" href="/about"');
  });
});
