// @vitest-environment jsdom
import { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { hydrateLater } from "./hydrate-later";

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {`${label} ${n}`}
    </button>
  );
}

/** A component made with hydrateLater whose code arrives when the test says so. */
function held() {
  let arrive!: () => void;
  const code = new Promise<void>((resolve) => (arrive = resolve));
  const Later = hydrateLater(
    () => code.then(() => Counter),
    () => <p>Loading…</p>,
  );
  return { Later, arrive };
}

describe("hydrateLater", () => {
  it("keeps the prerendered element, and its focus, until the code arrives, then makes it work", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // the build prerenders with the code at hand
    const server = held();
    server.arrive();
    await server.Later.load();
    const app = (L: typeof server.Later) => (
      <main>
        <L label="Clicks" />
      </main>
    );
    const { prelude } = await prerender(app(server.Later));
    const html = await new Response(prelude).text();
    expect(html).toContain('<button type="button">Clicks 0</button>');
    expect(html).not.toContain("Loading…");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const button = container.querySelector("button")!;
    button.focus();

    const browser = held();
    await act(async () => {
      hydrateRoot(container, app(browser.Later));
    });
    // the code has not arrived: the prerendered button stays, with its focus, counted as waiting for its code
    expect(container.querySelector("button")).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(container.textContent).not.toContain("Loading…");
    expect(document.documentElement.dataset.laterParts).toBe("1");

    await act(async () => browser.arrive());
    expect(container.querySelector("button")).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(document.documentElement.dataset.laterParts).toBe("0");
    await act(async () => button.click());
    expect(button.textContent).toBe("Clicks 1");
    container.remove();
  });
});
