import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "~/lib/usePrefersReducedMotion";

/** Spec §9: typing animation speed 40 (on the 1-99 scale where a keystroke takes 100 - speed ms), pause 1000 ms, repeats forever. */
export const TYPING_SPEED = 40;
export const KEYSTROKE_MS = 100 - TYPING_SPEED;
export const PAUSE_MS = 1000;

/**
 * The hero headline. The full text is in the served HTML and is what screen readers read, once:
 * the animated copy is aria-hidden. The cycle starts from the full text: pause, erase, retype, pause…
 * Under prefers-reduced-motion the full text simply stays.
 */
export function TypingHeadline({ text, className }: { text: string; className?: string }) {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(text.length);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (reduced) {
      setShown(text.length);
      setDeleting(false);
      return;
    }
    let delay = KEYSTROKE_MS;
    let next = () => {};
    if (!deleting && shown === text.length) {
      delay = PAUSE_MS;
      next = () => setDeleting(true);
    } else if (deleting && shown === 0) {
      delay = KEYSTROKE_MS;
      next = () => {
        setDeleting(false);
        setShown(1);
      };
    } else {
      next = () => setShown((n) => n + (deleting ? -1 : 1));
    }
    const t = window.setTimeout(next, delay);
    return () => window.clearTimeout(t);
  }, [shown, deleting, reduced, text.length]);

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
