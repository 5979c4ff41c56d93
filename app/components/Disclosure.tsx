import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "~/lib/router";
import type { NavLink } from "~/data/navigation";

/**
 * A disclosure menu of links (the WAI-ARIA "disclosure navigation" pattern): a button with
 * aria-expanded that shows a list of ordinary links. Links stay in the served HTML for crawlers.
 * Escape closes it and returns focus to the button; clicking or tabbing away closes it.
 */
export function LinkDisclosure({
  label,
  links,
  variant,
}: {
  label: string;
  links: NavLink[];
  variant: "nav" | "footer" | "drawer";
}) {
  const [open, setOpen] = useState(false);
  // not useId: on a page served as islands the menu hydrates on its own, where React's ids differ (app/islands)
  const id = `${variant}-${label.toLowerCase().replace(/\W+/g, "-")}-links`;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const active = links.some((l) => l.to === pathname);
  const panel =
    variant === "nav"
      ? "absolute left-0 top-full z-50 mt-2 min-w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
      : variant === "footer"
        ? "mt-2 space-y-1 border-l-2 border-gold-400 pl-3"
        : "mt-1 space-y-1 border-l-2 border-gold-400 pl-3";
  const item =
    variant === "nav"
      ? "block rounded-md px-3 py-2 text-navy-900 no-underline hover:bg-navy-50 aria-[current=page]:font-bold aria-[current=page]:text-brand-700"
      : variant === "footer"
        ? "block py-1 text-navy-100 no-underline hover:text-gold-300 hover:underline"
        : "block rounded-md px-3 py-2 text-white no-underline hover:bg-navy-800 aria-[current=page]:text-gold-300";

  // Escape on any link or button inside closes the menu; the container only listens.
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={
          variant === "footer"
            ? "inline-flex items-center gap-1 py-1 text-navy-100 hover:text-gold-300"
            : variant === "drawer"
              ? "flex w-full items-center justify-between rounded-md px-3 py-2 text-left font-semibold text-white hover:bg-navy-800"
              : `inline-flex items-center gap-1 rounded-md px-1.5 py-2 text-[0.9375rem] font-semibold whitespace-nowrap hover:bg-navy-50 lg:px-3 lg:text-base ${active ? "text-brand-700" : "text-navy-900"}`
        }
      >
        {label}
        <svg
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
          focusable="false"
        >
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={id} hidden={!open} className={panel}>
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={item} aria-current={pathname === l.to ? "page" : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
