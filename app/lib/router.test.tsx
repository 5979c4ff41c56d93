// @vitest-environment jsdom
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { Footer } from "~/components/Footer";
import { NavBar } from "~/components/NavBar";
import { Link, NavLink, RouterLocation } from "./router";
import { Providers } from "~/state/providers";

/**
 * An island hydrates the markup the prerender made with the location React Router gave (root.tsx's
 * RouterLocation); in the browser it reads the document's location: both must render the same HTML, or React
 * would find a mismatch (app/islands).
 */
async function html(node: React.ReactNode): Promise<string> {
  return new Response((await prerender(node)).prelude).text();
}
function prerendered(path: string, node: React.ReactNode): Promise<string> {
  window.history.replaceState(null, "", "/elsewhere");
  return html(<RouterLocation value={{ pathname: path, search: "", hash: "" }}>{node}</RouterLocation>);
}
function inBrowser(path: string, node: React.ReactNode): Promise<string> {
  window.history.replaceState(null, "", path);
  return html(node);
}

describe("~/lib/router: links and the current page, prerendered and in the browser alike", () => {
  it.each(["/testing/refund-policy", "/board", "/special-accommodations"])(
    "the navigation bar and the footer on %s, current page marked alike",
    async (path) => {
      const shell = (
        <Providers>
          <NavBar />
          <Footer />
        </Providers>
      );
      const browser = await inBrowser(path, shell);
      expect(browser).toBe(await prerendered(path, shell));
      if (path === "/board") expect(browser).toMatch(/aria-current="page"[^>]*href="\/board"/);
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
    for (const path of ["/about", "/about/challenge"])
      expect(await inBrowser(path, node)).toBe(await prerendered(path, node));
    expect(await inBrowser("/about", node)).toContain('<a aria-current="page" class="on" href="/about"');
    expect(await inBrowser("/about/challenge", node)).toContain('<a class="off" href="/about"');
    expect(await inBrowser("/", node)).toContain(
      '<a class="link" href="/contact" target="_self" data-discover="true">Contact</a><a href="https://example.org/">Away</a>',
    );
  });
});
