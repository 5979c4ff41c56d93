// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEAR_MARGIN, whenNear } from "./when-near";

/** An IntersectionObserver that reports what the test says, for the boxes it observes. */
class FakeObserver {
  static last: FakeObserver | undefined;
  boxes: Element[] = [];
  disconnected = false;
  constructor(
    readonly report: (entries: IntersectionObserverEntry[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(box: Element) {
    this.boxes.push(box);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The observer's report: each box in view or not, with a size unless `empty`. */
  send(inView: boolean, { empty = false } = {}) {
    const size = empty ? 0 : 100;
    this.report(
      this.boxes.map(
        (target) =>
          ({
            target,
            isIntersecting: inView,
            boundingClientRect: { width: size, height: size },
          }) as unknown as IntersectionObserverEntry,
      ),
    );
  }
}

function island(children = "<p>a part</p><p>another</p>") {
  const element = document.createElement("div");
  element.style.display = "contents";
  element.innerHTML = children;
  document.body.append(element);
  return element;
}

describe("whenNear", () => {
  beforeEach(() => {
    FakeObserver.last = undefined;
    vi.stubGlobal("IntersectionObserver", FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("starts at load an island whose boxes are in or near the screen", () => {
    const start = vi.fn();
    const away = vi.fn();
    whenNear(island(), start, away);
    const observer = FakeObserver.last!;
    expect(observer.boxes).toHaveLength(2);
    expect(observer.options.rootMargin).toBe(NEAR_MARGIN);
    expect(start).not.toHaveBeenCalled();
    observer.send(true);
    expect(start).toHaveBeenCalledExactlyOnceWith(true);
    expect(away).not.toHaveBeenCalled();
    expect(observer.disconnected).toBe(true);
  });

  it("waits for a visitor to scroll near an island away from the screen, and starts it once", () => {
    const start = vi.fn();
    const away = vi.fn();
    whenNear(island(), start, away);
    const observer = FakeObserver.last!;
    observer.send(false);
    expect(away).toHaveBeenCalledOnce();
    expect(start).not.toHaveBeenCalled();
    observer.send(false);
    expect(away).toHaveBeenCalledOnce();
    observer.send(true);
    expect(start).toHaveBeenCalledExactlyOnceWith(false);
    observer.send(true);
    expect(start).toHaveBeenCalledOnce();
  });

  it.each(["pointerover", "pointerdown", "touchstart", "focusin"])(
    "starts an island away from the screen on %s inside it, before the event goes on",
    (type) => {
      const element = island('<button type="button">Certification</button>');
      const start = vi.fn();
      whenNear(element, start, () => {});
      FakeObserver.last!.send(false);
      const seen: string[] = [];
      element
        .querySelector("button")!
        .addEventListener(type, () => seen.push(start.mock.calls.length ? "started" : "not yet"));
      element.querySelector("button")!.dispatchEvent(new Event(type, { bubbles: true }));
      expect(start).toHaveBeenCalledExactlyOnceWith(false);
      expect(seen).toEqual(["started"]);
      expect(FakeObserver.last!.disconnected).toBe(true);
      // the listeners are gone: a second event starts nothing more
      element.querySelector("button")!.dispatchEvent(new Event(type, { bubbles: true }));
      expect(start).toHaveBeenCalledOnce();
    },
  );

  it("counts an island reached before the observer's first report as started at load", () => {
    const element = island("<input aria-label='Name'>");
    const start = vi.fn();
    const away = vi.fn();
    whenNear(element, start, away);
    element.querySelector("input")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(start).toHaveBeenCalledExactlyOnceWith(true);
    FakeObserver.last!.send(false);
    expect(away).not.toHaveBeenCalled();
  });

  it("starts at once an island with nothing to see: no box, boxes without size, or no IntersectionObserver", () => {
    const start = vi.fn();
    whenNear(island(""), start, () => {});
    expect(start).toHaveBeenCalledExactlyOnceWith(true);

    start.mockClear();
    whenNear(island("<dialog></dialog>"), start, () => {});
    FakeObserver.last!.send(false, { empty: true });
    expect(start).toHaveBeenCalledExactlyOnceWith(true);

    start.mockClear();
    vi.stubGlobal("IntersectionObserver", undefined);
    whenNear(island(), start, () => {});
    expect(start).toHaveBeenCalledExactlyOnceWith(true);
  });
});
