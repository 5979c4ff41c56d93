// @vitest-environment jsdom
import { prerender } from "react-dom/static";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { examsWithDetails } from "~/data/exams";
import { makeStore } from "~/state/store";
import { hydrateIsland } from "./hydrate";
import { Island } from "./island";
import { islands, type IslandName, type IslandProps } from "./registry";

/**
 * Every island of the registry, rendered by <Island> as the prerender does and hydrated as the islands script
 * does (./hydrate.tsx): the same markup, so React hydrates it without a warning. A new island with props
 * needs its example here (the types ask for it).
 */
const examples: { [N in IslandName]: IslandProps<N> } = {
  nav: {},
  footer: {},
  print: {},
  "content-index": { lists: "testing" },
  "accommodation-request": {},
  account: {},
  "account-exams": {},
  "account-results": {},
  "account-certifications": {},
  "account-education": {},
  "account-requests": {},
  login: {},
  signup: {},
  "forgot-password": {},
  "reset-password": {},
  "confirm-email": {},
  invitation: {},
  verify: {},
  "system-check": {},
  exam: {},
  "check-in": {},
  "exam-report": {},
  "typing-headline": { text: "Coalition", className: "headline" },
  "inquiry-form": { kind: "contact", headingId: "form-title" },
  "exam-cards": {},
  badges: {},
  "exam-details": { certId: examsWithDetails[0]!.id },
  "about-missions": {},
  "board-carousel": {},
  "html-challenge": { headingId: "challenge" },
};

const problems: string[] = [];
beforeAll(() => {
  // what a browser has and jsdom lacks; the API never answers (no island may fail for that while hydrating)
  vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as unknown as typeof window.matchMedia;
  const Observer = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
  globalThis.IntersectionObserver ??= Observer as unknown as typeof IntersectionObserver;
  globalThis.ResizeObserver ??= Observer as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  // a browser starts a <video muted> muted (its `muted` property follows the attribute at first); jsdom does not
  const muted = new WeakMap<HTMLMediaElement, boolean>();
  Object.defineProperty(HTMLMediaElement.prototype, "muted", {
    configurable: true,
    get(this: HTMLMediaElement) {
      return muted.get(this) ?? this.hasAttribute("muted");
    },
    set(this: HTMLMediaElement, value: boolean) {
      muted.set(this, value);
    },
  });
});
afterAll(() => vi.restoreAllMocks());
// console.error fails a test already (vitest.setup.ts); a warning fails these too
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void problems.push(args.join(" ")));
  // The prerender and the hydration run in one process here, as they never do for the site: React's server
  // renderer marks each context it renders as its own and never clears the mark, so the client's first render
  // of that context reports two renderers at once. That one message says nothing of the island; every other
  // still fails the test.
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (String(args[0]).startsWith("Detected multiple renderers concurrently rendering the same context provider"))
      return;
    error(...args);
  };
  // the islands hydrate as in a browser, not inside act()
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe("the islands of app/islands/registry.tsx", () => {
  it("name an example for each island", () => {
    expect(Object.keys(examples).sort()).toEqual(Object.keys(islands).sort());
  });

  it.each(Object.keys(islands) as IslandName[])(
    "%s: prerendered by <Island>, hydrated without a warning",
    async (name) => {
      problems.length = 0;
      const props = examples[name] as object;
      const { prelude } = await prerender(<Island of={name} {...(props as IslandProps<typeof name>)} />, {
        // as app/entry.server.tsx: every finished Suspense boundary stays in place
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => void problems.push(`prerender: ${String(error)}`),
      });
      const html = await new Response(prelude).text();
      document.body.innerHTML = html;
      const element = document.body.querySelector<HTMLElement>("[data-island]")!;
      expect(element.dataset.island).toBe(name);
      expect(element.dataset.props).toBe(Object.keys(props).length ? JSON.stringify(props) : undefined);
      expect(element.innerHTML).not.toBe("");

      let hydrated = false;
      const root = await hydrateIsland(element, 0, makeStore(), {
        onHydrated: () => (hydrated = true),
        onRecoverableError: (error) => void problems.push(`hydration: ${String(error)}`),
      });
      await vi.waitFor(() => expect(hydrated).toBe(true));
      // what an effect does after hydration (a fetch, a timer) has its moment to warn too
      await new Promise((resolve) => setTimeout(resolve, 50));
      root.unmount();
      expect(problems).toEqual([]);
    },
  );
});
