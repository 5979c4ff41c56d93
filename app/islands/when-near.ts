/** How far beyond the screen an island starts hydrating: half a screen above and below. */
export const NEAR_MARGIN = "50% 0px";
/** What a visitor does to reach an island before it is near the screen (a pointer over it, a touch, a Tab into it). */
export const WAKE_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/**
 * Calls `start` once, when an island is needed: at once if any of its boxes is in or near the screen when the
 * page loads (`atLoad` true), else when a visitor scrolls near it or reaches it with the pointer, a touch or
 * the keyboard (`atLoad` false); `outOfView` is called once, when it is found away from the screen at load.
 * The island's element has `display: contents`, so its children's boxes are observed. An island with no
 * box to see (it draws nothing, or nothing visible yet), or a browser without IntersectionObserver, starts at once.
 */
export function whenNear(element: HTMLElement, start: (atLoad: boolean) => void, outOfView: () => void): void {
  const boxes = [...element.children];
  if (typeof IntersectionObserver === "undefined" || boxes.length === 0) {
    start(true);
    return;
  }
  let reported = false;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of WAKE_EVENTS) element.removeEventListener(type, go, true);
    start(!reported);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (started) return;
      const empty = (e: IntersectionObserverEntry) =>
        e.boundingClientRect.width === 0 && e.boundingClientRect.height === 0;
      if (entries.some((e) => e.isIntersecting) || (!reported && entries.every(empty))) return go();
      if (!reported) {
        reported = true;
        outOfView();
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  for (const box of boxes) observer.observe(box);
  for (const type of WAKE_EVENTS) element.addEventListener(type, go, { capture: true, passive: true });
}
