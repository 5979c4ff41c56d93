/** The document element's count of parts waiting for their code (app/lib/hydrate-later.tsx writes it). */
const LATER_PARTS_ATTRIBUTE = "data-later-parts";
const laterPartsWaiting = () => Number(document.documentElement.getAttribute(LATER_PARTS_ATTRIBUTE) ?? 0) > 0;

/**
 * Holds a press (a click, or Enter or Space on a button, which the browser sends as a click) on an island
 * that is not working yet, and passes it on once it is: when `hydrated` has settled and no part of the page
 * waits for its code. Without this, a press on a part React cannot hydrate yet is lost (React replays no
 * press there), and the visitor would have to press again. Only the last press is kept; it is passed on as
 * focus and a click, which is what a control's own code answers (a tab that a mouse-down would have chosen
 * is chosen by the focus).
 */
export function holdPresses(element: HTMLElement, hydrated: Promise<void>): void {
  let held: HTMLElement | undefined;
  let working = false;
  const hold = (event: MouseEvent) => {
    if (working || !(event.target instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target;
  };
  element.addEventListener("click", hold, true);
  void hydrated.then(() => {
    const release = () => {
      if (laterPartsWaiting()) return false;
      working = true;
      element.removeEventListener("click", hold, true);
      if (held?.isConnected) {
        // as the press would have: the pressed control takes the focus (a tab is chosen on focus), then the click
        held
          .closest<HTMLElement>("button, a[href], input, select, textarea, [tabindex]")
          ?.focus({ preventScroll: true });
        held.click();
      }
      return true;
    };
    if (release()) return;
    const observer = new MutationObserver(() => release() && observer.disconnect());
    observer.observe(document.documentElement, { attributes: true, attributeFilter: [LATER_PARTS_ATTRIBUTE] });
  });
}
