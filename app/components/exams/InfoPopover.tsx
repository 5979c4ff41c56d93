import { useId, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import { NO_PREREQUISITES_TEXT, RECERTIFICATION_TEXT } from "~/data/exams";

/**
 * The info icon of an exam card. Its note opens on hover and on keyboard focus, and closes when the
 * pointer or the focus leaves (and on Escape). The note also describes the button for screen readers.
 */
export function InfoPopover({ examName }: { examName: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* The note for assistive technology and for the prerendered page; the bubble below is its visual twin. */}
      <span id={`${id}-note`} className="sr-only">
        {NO_PREREQUISITES_TEXT} {RECERTIFICATION_TEXT}
      </span>
      <button
        ref={anchor}
        type="button"
        aria-label={`Exam requirements: ${examName}`}
        aria-expanded={open}
        aria-describedby={`${id}-note`}
        onPointerEnter={() => setOpen(true)}
        onPointerLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
        data-info-button=""
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 11v6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="12" cy="7.5" r="1.3" fill="currentColor" />
        </svg>
      </button>
      {open && <InfoBubble anchor={anchor} />}
    </>
  );
}

const PAD = 12; // keep the bubble this far from the viewport's edges
const GAP = 10; // between the button and the bubble, room for the arrow

/**
 * The visual note: placed above the button (below it when there is no room), kept inside the
 * viewport, rendered into <body> so the carousel's clipping cannot cut it. Screen readers get the
 * same text through the button's description, so the bubble itself is aria-hidden.
 */
function InfoBubble({ anchor }: { anchor: RefObject<HTMLButtonElement | null> }) {
  const bubble = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number; arrow: number; above: boolean } | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      if (!anchor.current || !bubble.current) return;
      const a = anchor.current.getBoundingClientRect();
      const b = bubble.current.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      const left = Math.max(PAD, Math.min(a.left + a.width / 2 - b.width / 2, width - PAD - b.width));
      const above = a.top - GAP - b.height >= PAD;
      setPlace({
        top: (above ? a.top - GAP - b.height : a.bottom + GAP) + window.scrollY,
        left: left + window.scrollX,
        arrow: a.left + a.width / 2 - left,
        above,
      });
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [anchor]);
  return createPortal(
    <div
      ref={bubble}
      aria-hidden="true"
      data-info-note=""
      style={{ top: place?.top ?? 0, left: place?.left ?? 0, visibility: place ? "visible" : "hidden" }}
      className="pointer-events-none absolute z-50 w-max max-w-72 rounded-md bg-navy-950 p-3 text-sm leading-snug text-white shadow-lg"
    >
      <p>{NO_PREREQUISITES_TEXT}</p>
      <p className="mt-1">{RECERTIFICATION_TEXT}</p>
      <span
        className={`absolute h-2.5 w-2.5 -translate-x-1/2 rotate-45 bg-navy-950 ${place?.above === false ? "-top-1" : "-bottom-1"}`}
        style={{ left: place?.arrow ?? 0 }}
      />
    </div>,
    document.body,
  );
}
