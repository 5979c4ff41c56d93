import type { AutoplayType } from "embla-carousel-autoplay";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { hydrateLater } from "~/lib/hydrate-later";
import { usePrefersReducedMotion } from "~/lib/usePrefersReducedMotion";
import type { CarouselApi } from "./CarouselEngine";

// Embla (swipe, scrolling, autoplay) arrives after the first paint; the buttons work from then on.
const CarouselEngine = hydrateLater(() => import("./CarouselEngine").then((m) => m.CarouselEngine));

export const SWIPE_THRESHOLD_PX = 40;
export const BADGE_INTERVAL_MS = 5000;

interface CarouselProps {
  /** accessible name of the carousel region */
  label: string;
  /** accessible name of each slide, used by the slide picker too */
  slideLabels: string[];
  children: ReactNode[];
  /** auto-advance interval in ms; off when omitted */
  autoplayMs?: number;
  className?: string;
}

const arrow = (d: string) => (
  <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The previous or next button: a round arrow. */
function StepButton({ onClick, label, path }: { onClick: () => void; label: string; path: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-navy-900 bg-white text-navy-900 hover:bg-navy-50"
    >
      {arrow(path)}
    </button>
  );
}

/**
 * A carousel driven by Embla (components/CarouselEngine), one item per slide: previous/next buttons, a slide picker, touch swipe with a
 * 40 px drag threshold, and optional auto-advance that pauses on hover and focus, never starts under
 * reduced motion, and can be paused with a button. Every slide is rendered, so all of it is in the
 * prerendered HTML. Each carousel keeps its own index.
 */
export function Carousel({ label, slideLabels, children, autoplayMs, className = "" }: CarouselProps) {
  const reduced = usePrefersReducedMotion();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [emblaApi, setEmblaApi] = useState<CarouselApi>();
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(Boolean(autoplayMs));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  // Reduced motion: never auto-advance unless the reader presses Play.
  useEffect(() => {
    if (reduced) setPlaying(false);
  }, [reduced]);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on("select", onSelect).on("reInit", onSelect);
    // Regroup the slides when the window changes size.
    const onResize = () => emblaApi.reInit();
    window.addEventListener("resize", onResize);
    return () => {
      emblaApi.off("select", onSelect).off("reInit", onSelect);
      window.removeEventListener("resize", onResize);
    };
  }, [emblaApi]);

  useEffect(() => {
    const autoplay = emblaApi?.plugins()?.autoplay as AutoplayType | undefined;
    if (!autoplay) return;
    if (playing && !hovered && !focused) autoplay.play();
    else autoplay.stop();
  }, [emblaApi, playing, hovered, focused]);

  const jump = reduced;
  const prev = useCallback(() => emblaApi?.scrollPrev(jump), [emblaApi, jump]);
  const next = useCallback(() => emblaApi?.scrollNext(jump), [emblaApi, jump]);
  const count = children.length;

  return (
    // Hover/focus only pause the autoplay, and the arrow keys are a shortcut for the labelled buttons.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={className}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if ((e.target as HTMLElement).closest("input, textarea, select, [role=tablist]")) return;
        if (e.key === "ArrowLeft") prev();
        if (e.key === "ArrowRight") next();
      }}
    >
      <CarouselEngine viewport={viewport} autoplayMs={autoplayMs} onApi={setEmblaApi} />
      <div ref={setViewport} className="relative overflow-hidden" data-carousel-viewport="">
        <div className="flex touch-pan-y">
          {children.map((child, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slideLabels[i] ?? ""}`}
              className="min-w-0 shrink-0 grow-0 basis-full px-1"
              data-slide-index={i}
              data-selected={i === selected ? "true" : undefined}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
        <StepButton onClick={prev} label={`Previous slide (${label})`} path="M15 5l-7 7 7 7" />
        <div className="flex items-center gap-1" role="group" aria-label={`Choose a slide (${label})`}>
          {slideLabels.map((name, i) => (
            <button
              key={i}
              type="button"
              onClick={() => emblaApi?.scrollTo(i, jump)}
              aria-label={`Slide ${i + 1}: ${name}`}
              aria-current={i === selected ? "true" : undefined}
              className="group inline-flex h-11 w-8 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={`block rounded-full border-2 border-navy-900 transition-all ${i === selected ? "h-3.5 w-3.5 bg-navy-900" : "h-3 w-3 bg-white group-hover:bg-navy-100"}`}
              />
            </button>
          ))}
        </div>
        <StepButton onClick={next} label={`Next slide (${label})`} path="M9 5l7 7-7 7" />
        {autoplayMs ? (
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? `Pause ${label}` : `Play ${label}`}
            className="btn-outline min-h-11 px-4 py-2 text-sm"
          >
            {playing ? (
              <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false">
                <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false">
                <path d="M7 5l12 7-12 7z" fill="currentColor" />
              </svg>
            )}
            {playing ? "Pause" : "Play"}
          </button>
        ) : null}
      </div>
      <p className="sr-only" aria-live={playing ? "off" : "polite"} aria-atomic="true">
        {`Slide ${selected + 1} of ${count}: ${slideLabels[selected] ?? ""}`}
      </p>
    </div>
  );
}
