import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "~/lib/usePrefersReducedMotion";

/** Spec §9: typing animation speed 40 (on the 1-99 scale where a keystroke takes 100 - speed ms), pause 1000 ms, repeats forever. */
export const TYPING_SPEED = 40;
export const KEYSTROKE_MS = 100 - TYPING_SPEED;
export const PAUSE_MS = 1000;

/** One cycle: the full text for PAUSE_MS, then one keystroke per KEYSTROKE_MS erases it to nothing and types it back. */
export function cycleMs(length: number): number {
  return PAUSE_MS + 2 * length * KEYSTROKE_MS;
}

/**
 * How many characters show `elapsed` ms after the cycles began with the full text. Derived from the clock,
 * not counted per timer, so a busy main thread that fires timers late skips keystrokes instead of
 * slowing the whole animation down.
 */
export function typedLength(elapsed: number, length: number): number {
  if (length === 0) return 0;
  const t = elapsed % cycleMs(length);
  if (t < PAUSE_MS) return length;
  const keystroke = Math.floor((t - PAUSE_MS) / KEYSTROKE_MS);
  return keystroke <= length ? length - keystroke : keystroke - length;
}

/** Milliseconds from `elapsed` until the shown length next changes. */
function untilNextChange(elapsed: number, length: number): number {
  const t = elapsed % cycleMs(length);
  if (t < PAUSE_MS) return PAUSE_MS - t;
  return KEYSTROKE_MS - ((t - PAUSE_MS) % KEYSTROKE_MS);
}

/**
 * The hero headline. The full text is in the served HTML and is what screen readers read, once:
 * the animated copy is aria-hidden. The cycle starts from the full text: pause, erase, retype, pause…
 * Under prefers-reduced-motion the full text simply stays.
 */
export function TypingHeadline({ text, className }: { text: string; className?: string }) {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(text.length);

  useEffect(() => {
    setShown(text.length);
    if (reduced || text.length === 0) return;
    const start = performance.now();
    let timer = 0;
    const tick = () => {
      const elapsed = performance.now() - start;
      setShown(typedLength(elapsed, text.length));
      timer = window.setTimeout(tick, untilNextChange(elapsed, text.length));
    };
    timer = window.setTimeout(tick, PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [reduced, text.length]);

  return (
    <h1 className={className}>
      <span className="sr-only">{text}</span>
      {/* The invisible full text reserves the final size, so typing never shifts the layout. */}
      <span aria-hidden="true" className="relative block">
        <span className="invisible">{text}</span>
        <span data-testid="typing-visible" className="absolute inset-0">
          {text.slice(0, shown)}
          <span className="ml-0.5 inline-block w-[0.08em] animate-pulse bg-current motion-reduce:animate-none">
            &#8203;
          </span>
        </span>
      </span>
    </h1>
  );
}
