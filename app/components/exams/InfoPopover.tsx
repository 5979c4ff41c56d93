import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { NO_PREREQUISITES_TEXT, RECERTIFICATION_TEXT } from "~/data/exams";

/**
 * The info icon of an exam card. Its note opens on hover and on keyboard focus, and closes when the
 * pointer or the focus leaves (and on Escape). The note also describes the button for screen readers.
 */
export function InfoPopover({ examName }: { examName: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* The note for assistive technology and for the prerendered page; the bubble below is its visual twin. */}
      <span id={`${id}-note`} className="sr-only">
        {NO_PREREQUISITES_TEXT} {RECERTIFICATION_TEXT}
      </span>
      <Popover.Anchor asChild>
        <button
          type="button"
          aria-label={`Exam requirements: ${examName}`}
          aria-expanded={open}
          aria-describedby={`${id}-note`}
          onPointerEnter={() => setOpen(true)}
          onPointerLeave={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onClick={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && open) {
              e.stopPropagation();
              setOpen(false);
            }
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
      </Popover.Anchor>
      <Popover.Content
        aria-hidden="true"
        side="top"
        align="center"
        sideOffset={6}
        collisionPadding={12}
        onOpenAutoFocus={(e) => e.preventDefault()}
        onCloseAutoFocus={(e) => e.preventDefault()}
        onPointerDownOutside={() => setOpen(false)}
        className="z-50 max-w-72 rounded-md bg-navy-950 p-3 text-sm leading-snug text-white shadow-lg"
      >
        <p>{NO_PREREQUISITES_TEXT}</p>
        <p className="mt-1">{RECERTIFICATION_TEXT}</p>
        <Popover.Arrow className="fill-navy-950" />
      </Popover.Content>
    </Popover.Root>
  );
}
