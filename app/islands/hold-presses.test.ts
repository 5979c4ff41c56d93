// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { holdPresses } from "./hold-presses";

function island() {
  document.body.innerHTML = `<div data-island="exam-cards" style="display: contents"><button type="button">Buy Exam</button></div>`;
  const element = document.querySelector<HTMLElement>("[data-island]")!;
  const button = element.querySelector("button")!;
  const pressed = vi.fn();
  // what the island's code does once it works (React's onClick, listening at the island's root)
  button.addEventListener("click", pressed);
  let hydrate!: () => void;
  const hydrated = new Promise<void>((resolve) => (hydrate = resolve));
  holdPresses(element, hydrated);
  return { button, pressed, hydrate };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("holdPresses", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    delete document.documentElement.dataset.laterParts;
  });

  it("holds a press on an island not yet hydrated and passes it on, once, when it is", async () => {
    const { button, pressed, hydrate } = island();
    button.click();
    expect(pressed).not.toHaveBeenCalled();
    hydrate();
    await settle();
    expect(pressed).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(button);
    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it("waits, after hydration, until no part of the page waits for its code", async () => {
    const { button, pressed, hydrate } = island();
    document.documentElement.dataset.laterParts = "2";
    button.click();
    hydrate();
    await settle();
    expect(pressed).not.toHaveBeenCalled();
    document.documentElement.dataset.laterParts = "1";
    await settle();
    expect(pressed).not.toHaveBeenCalled();
    document.documentElement.dataset.laterParts = "0";
    await settle();
    expect(pressed).toHaveBeenCalledOnce();
  });

  it("passes nothing on when nothing was pressed, and lets presses through once the island works", async () => {
    const { button, pressed, hydrate } = island();
    hydrate();
    await settle();
    expect(pressed).not.toHaveBeenCalled();
    button.click();
    expect(pressed).toHaveBeenCalledOnce();
  });
});
