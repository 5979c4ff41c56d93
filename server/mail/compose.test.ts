import { AsyncLocalStorage } from "node:async_hooks";
import { render } from "@react-email/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailSamples, SAMPLE_PUBLIC_URL as PUBLIC_URL } from "../testing/mail-samples";
import { composeMail, mailContext } from "./compose";
import { templates, type TemplateName } from "./templates";

const names = Object.keys(templates) as TemplateName[];
const compose = (name: TemplateName) =>
  composeMail({ to: "ada@example.com", template: name, data: mailSamples[name] }, PUBLIC_URL);

/** React's hydration comments, which its streaming renderer writes and mail has no use for */
const REACT_COMMENTS = /<!--(?:\$|\/\$| |html|head|body)-->/g;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("composeMail", () => {
  // an AsyncLocalStorage that runs once turns on async hooks for the whole process on Node.js 20 and 22:
  // every later promise, socket and request of the server would pay for it (compose.ts)
  it("renders every template without running an AsyncLocalStorage", async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, "enterWith");
    for (const name of names) await compose(name);
    expect(run).not.toHaveBeenCalled();
    expect(enterWith).not.toHaveBeenCalled();
  });

  it.each(names)("%s: the message React Email's render gives, less React's comments", async (name) => {
    const mail = await compose(name);
    const element = templates[name].body(mailSamples[name] as never, mailContext(PUBLIC_URL));
    expect(mail.html).toBe((await render(element)).replace(REACT_COMMENTS, ""));
    expect(mail.text).toBe(await render(element, { plainText: true }));
    expect(mail.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN" "[^"]+"><html/);
    expect(mail.html).not.toMatch(REACT_COMMENTS); // Outlook's conditional comments (a button's) stay
  });
});
