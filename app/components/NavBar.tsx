import { useEffect, useRef, useState } from "react";
import { Link, NavLink as RouterNavLink, useLocation } from "~/lib/router";
import { LinkDisclosure } from "~/components/Disclosure";
import { LogoHomeLink } from "~/components/Logo";
import { certificationLinks, navAfter, navBefore } from "~/data/navigation";
import { AccountLinks } from "~/components/AccountLinks";

/** Above this width the bar hides on scroll down; at it or below it is a hamburger menu (spec §9: 768 px). */
export const NARROW_MAX = 768;

/** Hidden while the reader scrolls down (wide screens only), shown again on any scroll up. */
export function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 4) return;
      setHidden(y > last && y > 80);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [enabled]);
  return hidden;
}

function useIsWide(): boolean {
  const [wide, setWide] = useState(true);
  useEffect(() => {
    const mq = window.matchMedia(`(min-width: ${NARROW_MAX + 1}px)`);
    const update = () => setWide(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  return wide;
}

/** The drawer's plain links, one list item each. */
const drawerItems = (links: typeof navBefore) =>
  links.map((l) => (
    <li key={l.to}>
      <Link to={l.to} className="block rounded-md px-3 py-2 font-semibold text-white no-underline hover:bg-navy-800">
        {l.label}
      </Link>
    </li>
  ));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-1.5 py-2 text-[0.9375rem] font-semibold whitespace-nowrap no-underline hover:bg-navy-50 lg:px-3 lg:text-base ${isActive ? "text-brand-700 underline decoration-2" : "text-navy-900"}`;

export function NavBar() {
  const { pathname } = useLocation();
  const wide = useIsWide();
  const [menuOpen, setMenuOpen] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const scrolledAway = useHideOnScroll(wide);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (wide) setMenuOpen(false);
  }, [wide]);

  if (pathname === "/contact") return null;
  const hidden = scrolledAway && !focusInside;
  const onAbout = pathname === "/about";

  return (
    <header
      data-site-nav
      data-hidden={hidden ? "true" : "false"}
      className={`sticky top-0 z-40 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur transition-transform duration-300 motion-reduce:transition-none ${hidden ? "-translate-y-full" : "translate-y-0"} ${onAbout ? "hidden nav:block" : ""}`}
      onFocus={() => setFocusInside(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4">
        <LogoHomeLink inNav />

        <ul className="hidden items-center lg:gap-1 nav:flex">
          {navBefore.map((l) => (
            <li key={l.to}>
              <RouterNavLink to={l.to} className={linkClass} end>
                {l.label}
              </RouterNavLink>
            </li>
          ))}
          <li>
            <LinkDisclosure label="Certification" links={certificationLinks} variant="nav" />
          </li>
          {navAfter.map((l) => (
            <li key={l.to}>
              <RouterNavLink to={l.to} className={linkClass} end>
                {l.label}
              </RouterNavLink>
            </li>
          ))}
          <AccountLinks variant="bar" />
        </ul>

        <button
          ref={toggle}
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 nav:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </nav>

      {/* Escape on any link or button inside closes the menu; the container only listens. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        id="mobile-menu"
        data-open={menuOpen ? "true" : "false"}
        inert={!menuOpen}
        className={`grid overflow-hidden bg-navy-900 transition-[grid-template-rows] duration-300 motion-reduce:transition-none nav:hidden ${menuOpen ? "grid-rows-[1fr]" : "grid-rows-[0fr]"}`}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            setMenuOpen(false);
            toggle.current?.focus();
          }
        }}
      >
        {/* The grid row collapses to 0 only for a child without padding: the list's padding sits inside it. */}
        <div className="min-h-0">
          <ul className="space-y-1 px-4 py-3" aria-label="Main menu">
            {drawerItems(navBefore)}
            <li>
              <LinkDisclosure label="Certification" links={certificationLinks} variant="drawer" />
            </li>
            {drawerItems(navAfter)}
            <AccountLinks variant="drawer" />
          </ul>
        </div>
      </div>
    </header>
  );
}
