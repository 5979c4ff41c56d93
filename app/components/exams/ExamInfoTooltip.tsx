import { Tooltip } from "radix-ui";
import { useEffect, useState } from "react";
import { NO_PREREQUISITES_TEXT, RECERTIFICATION_TEXT } from "~/data/exams";

/**
 * The info icon of an exam card and its note, a Radix Tooltip (WCAG 1.4.13): the note opens on hover
 * and on keyboard focus (and on a tap, for touch screens), stays open while the pointer moves from the
 * icon onto the note, and closes on Escape, when the pointer leaves both, or when focus moves on.
 * The same text is in the page as the button's description, so screen readers and the prerendered
 * HTML have it without opening anything. Its id comes from the card (not useId: on a page served as
 * islands the card hydrates in its own root, where React numbers ids differently, app/islands).
 */
export function ExamInfoTooltip({
  examName,
  id,
}: {
  examName: string;
  /** the note's id prefix, unique in the page */ id: string;
}) {
  const [open, setOpen] = useState(false);
  // The note is portalled into <main> (out of the carousel's clipping, inside the page's landmarks).
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(document.querySelector("main")), []);
  return (
    <Tooltip.Provider delayDuration={0} skipDelayDuration={0}>
      <span id={`${id}-note`} className="sr-only">
        {NO_PREREQUISITES_TEXT} {RECERTIFICATION_TEXT}
      </span>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label={`Exam requirements: ${examName}`}
            aria-describedby={`${id}-note`}
            // Radix closes a tooltip on click; a tap on a touch screen should open the note instead.
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
            data-info-button=""
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 11v6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              <circle cx="12" cy="7.5" r="1.3" fill="currentColor" />
            </svg>
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal container={container ?? undefined}>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            collisionPadding={12}
            aria-label={`${NO_PREREQUISITES_TEXT} ${RECERTIFICATION_TEXT}`}
            className="z-50 w-max max-w-72 rounded-md bg-navy-950 p-3 text-sm leading-snug text-white shadow-lg"
            data-info-note=""
          >
            <p>{NO_PREREQUISITES_TEXT}</p>
            <p className="mt-1">{RECERTIFICATION_TEXT}</p>
            <Tooltip.Arrow className="fill-navy-950" width={12} height={6} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
