/** What a prerendered form says while its code has not arrived (useSubmitForm removes it once it has). */
export const WAITING = { name: "data-submit", value: "waiting" } as const;

/**
 * A form sent before its code is in place (a visitor quicker than the network, or reaching a form at the
 * bottom of a page whose code loads as it comes near: docs/decisions/0028) is held, with what was typed, and
 * sent once the code is there, by the same button. Without this the browser would post it to the page, which
 * answers with the page again (server/plugins/site.ts) and what was typed would be gone.
 */
export function holdEarlySubmits(root: Document): void {
  root.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.getAttribute(WAITING.name) !== WAITING.value) return;
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter;
      const ready = new MutationObserver(() => {
        if (form.getAttribute(WAITING.name) === WAITING.value) return;
        ready.disconnect();
        form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : undefined);
      });
      ready.observe(form, { attributes: true, attributeFilter: [WAITING.name] });
    },
    true,
  );
}
