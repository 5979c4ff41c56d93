// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { holdEarlySubmits, WAITING } from "./early-submit";

holdEarlySubmits(document);

/** A prerendered form as useSubmitForm renders it, waiting for its code unless `ready`. */
function prerenderedForm({ ready = false } = {}) {
  document.body.innerHTML = `<form method="post" ${ready ? "" : `${WAITING.name}="${WAITING.value}"`}>
    <input name="name" aria-label="Your name"><button name="send" value="yes">Send message</button></form>`;
  const form = document.querySelector("form")!;
  const sent: string[] = [];
  // what the form's code does once it is there (React's onSubmit): it sends, with the button that was pressed
  form.addEventListener("submit", (e) => {
    if (e.defaultPrevented) return;
    e.preventDefault();
    sent.push(`${new FormData(form).get("name")} by ${(e as SubmitEvent).submitter?.textContent}`);
  });
  return { form, sent, button: form.querySelector("button")! };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("holdEarlySubmits", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("holds a form sent before its code arrives, and sends it, as typed, by the same button once the code is there", async () => {
    const { form, sent, button } = prerenderedForm();
    form.querySelector("input")!.value = "Early Typist";
    const native = vi.fn((e: Event) => e.defaultPrevented || "posted to the page");
    form.addEventListener("submit", native);
    button.click();
    expect(native).toHaveReturnedWith(true);
    expect(sent).toEqual([]);

    form.removeAttribute(WAITING.name); // useSubmitForm's effect: the code is in place
    await settle();
    expect(sent).toEqual(["Early Typist by Send message"]);
  });

  it("leaves alone a form whose code is in place", async () => {
    const { sent, button } = prerenderedForm({ ready: true });
    button.click();
    await settle();
    expect(sent).toEqual([" by Send message"]);
  });
});
