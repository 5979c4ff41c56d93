import { Link } from "~/lib/router";

/** The coalition's mark: four linked nodes forming a shield-like diamond, with the wordmark. */
export function LogoMark({ className = "h-10 w-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="10" fill="#0b2545" />
      <path d="M24 8 40 24 24 40 8 24Z" fill="none" stroke="#f2b632" strokeWidth="3" strokeLinejoin="round" />
      <path d="M24 8v32M8 24h32" stroke="#5fc7bd" strokeWidth="2" />
      <circle cx="24" cy="8" r="4" fill="#f2b632" />
      <circle cx="40" cy="24" r="4" fill="#5fc7bd" />
      <circle cx="24" cy="40" r="4" fill="#f2b632" />
      <circle cx="8" cy="24" r="4" fill="#5fc7bd" />
      <circle cx="24" cy="24" r="5" fill="#fff" />
    </svg>
  );
}

/** `inNav`: the navigation bar drops the subtitle between 769 and 1199 px, where its links need the room. */
export function Logo({ tone = "dark", inNav = false }: { tone?: "dark" | "light"; inNav?: boolean }) {
  const text = tone === "dark" ? "text-navy-900" : "text-white";
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark />
      <span className={`flex flex-col leading-tight ${text}`}>
        <span className="text-lg font-extrabold tracking-wide">CITB</span>
        <span className={`hidden text-[0.7rem] font-medium sm:block ${inNav ? "nav:hidden lg:block" : ""}`}>
          Coalition of IT Businesses
        </span>
      </span>
    </span>
  );
}

/**
 * The logo as the link home. Its accessible name starts with the visible words ("CITB Coalition of IT
 * Businesses", or "CITB" where the subtitle is hidden), as WCAG 2.5.3 asks, and ends with "home page".
 */
export function LogoHomeLink(props: { tone?: "dark" | "light"; inNav?: boolean }) {
  return (
    <Link to="/" className="rounded-md no-underline" data-logo-link="">
      <Logo {...props} />
      <span className="sr-only"> home page</span>
    </Link>
  );
}
