import { useRef, useState } from "react";

/**
 * A card that flips to reveal its text, by click, tap or keyboard (it is a pair of buttons).
 * Only the visible face is reachable; focus follows the flip. Under reduced motion it swaps without turning.
 */
export function FlipCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  const [flipped, setFlipped] = useState(false);
  const front = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const flip = (to: boolean) => {
    setFlipped(to);
    requestAnimationFrame(() => (to ? back : front).current?.focus());
  };
  return (
    <li className="h-72 [perspective:1200px]">
      <div
        className={`relative h-full w-full transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none ${flipped ? "[transform:rotateY(180deg)]" : ""}`}
      >
        <div
          inert={flipped}
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 rounded-2xl bg-navy-900 p-6 text-center text-white shadow-lg [backface-visibility:hidden]"
        >
          <span className="text-gold-400">{icon}</span>
          <h3 className="text-2xl font-bold">{title}</h3>
          <button ref={front} type="button" className="btn-gold" aria-expanded={flipped} onClick={() => flip(true)}>
            Reveal<span className="sr-only"> {title}</span>
          </button>
        </div>
        <div
          inert={!flipped}
          className="absolute inset-0 flex flex-col justify-between rounded-2xl border-2 border-navy-900 bg-white p-6 text-navy-950 shadow-lg [backface-visibility:hidden] [transform:rotateY(180deg)]"
        >
          <div>
            <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{title}</p>
            <p className="mt-2 leading-relaxed">{children}</p>
          </div>
          <button
            ref={back}
            type="button"
            className="self-start font-semibold text-brand-700 underline"
            onClick={() => flip(false)}
          >
            Flip back<span className="sr-only"> {title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
