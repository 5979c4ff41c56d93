import { useEffect, useRef, useState } from "react";
import { board, boardPictureSize, boardRoleDuties, type BoardMember } from "~/data/board";
import { usePrefersReducedMotion } from "~/lib/usePrefersReducedMotion";

function Arrow({ dir }: { dir: "left" | "right" }) {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
      <path
        d={dir === "left" ? "M12.5 4 6.5 10l6 6" : "M7.5 4l6 6-6 6"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The previous (left) or next (right) button beside the member's card. */
function StepButton({ dir, onClick, controls }: { dir: "left" | "right"; onClick: () => void; controls: string }) {
  const left = dir === "left";
  return (
    <button
      type="button"
      onClick={onClick}
      aria-controls={controls}
      className={`btn-outline min-h-12! w-12! rounded-full! p-0! sm:row-start-1 ${left ? "justify-self-end sm:col-start-1" : "justify-self-start sm:col-start-3"}`}
      aria-label={`${left ? "Previous" : "Next"} board member`}
    >
      <Arrow dir={dir} />
    </button>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((p) => (
        <p key={p.slice(0, 24)} className="mt-3 first:mt-0">
          {p}
        </p>
      ))}
    </>
  );
}

/**
 * The board, one member at a time (spec §2 Board, §4 board carousel): index 0 to n-1 with
 * wrap-around both ways, previous/next buttons, a strip of every member (the current one marked
 * with aria-current), Left/Right arrow keys while the carousel has focus, and a short biography with
 * a Read more / Read less toggle. A member without a biography shows what the office does instead.
 * The current slide and the strip are rendered on the server, so every name is in the static HTML.
 */
export function BoardCarousel({
  members,
  initialIndex = 0,
  id = "board-carousel",
}: {
  members: BoardMember[];
  initialIndex?: number;
  /** The start of the carousel's element ids: a constant, not useId, as the carousel is an island on /board (app/islands). */
  id?: string;
}) {
  const [index, setIndex] = useState(initialIndex);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [announcement, setAnnouncement] = useState("");
  const reducedMotion = usePrefersReducedMotion();
  const slideRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  const direction = useRef<1 | -1>(1);
  const moved = useRef(false);
  const n = members.length;
  const member = members[index]!;

  const go = (to: number, dir: 1 | -1) => {
    const next = ((to % n) + n) % n;
    direction.current = dir;
    moved.current = true;
    setIndex(next);
    const m = members[next]!;
    setAnnouncement(`${m.name}, ${m.title}. Board member ${next + 1} of ${n}.`);
  };
  const prev = () => go(index - 1, -1);
  const next = () => go(index + 1, 1);

  // Slide the new member in (Web Animations API; none under reduced motion or on first render).
  useEffect(() => {
    if (!moved.current || reducedMotion) return;
    const el = slideRef.current;
    if (!el || typeof el.animate !== "function") return;
    el.animate(
      [
        { opacity: 0, transform: `translateX(${direction.current * 40}px)` },
        { opacity: 1, transform: "translateX(0)" },
      ],
      { duration: 280, easing: "ease-out" },
    );
  }, [index, reducedMotion]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    // The slide is replaced on a move: keep focus in the carousel instead of losing it with the old slide.
    if (slideRef.current?.contains(e.target as Node)) regionRef.current?.focus();
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      prev();
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      next();
    }
  };

  const isOpen = !!expanded[member.id];
  const hasBio = member.bioShort.trim() !== "" || member.bioFull.trim() !== "";
  const canExpand = hasBio && member.bioFull.trim() !== "" && member.bioFull.trim() !== member.bioShort.trim();
  const bioId = `${id}-bio-${member.id}`;
  const slideId = `${id}-slide`;

  return (
    // The carousel region takes focus so the arrow keys work; its buttons stay in the tab order too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={regionRef}
      aria-roledescription="carousel"
      aria-label="Board members"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-2xl focus-visible:outline-offset-4"
      data-testid="board-carousel"
    >
      <p className="sr-only">
        Use the Left and Right arrow keys, or the previous and next buttons, to move between members.
      </p>
      <div className="grid grid-cols-2 items-center gap-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <StepButton dir="left" onClick={prev} controls={slideId} />
        <StepButton dir="right" onClick={next} controls={slideId} />

        <div id={slideId} className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-1">
          <div
            key={member.id}
            ref={slideRef}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${n}`}
            data-testid="board-slide"
            className="grid gap-6 rounded-2xl bg-white p-5 shadow-md ring-1 ring-slate-200 sm:p-8 md:grid-cols-[minmax(0,18rem)_1fr] md:gap-10"
          >
            <img
              src={member.picture}
              {...boardPictureSize}
              alt={member.alt}
              className="mx-auto h-auto w-full max-w-[15rem] rounded-xl md:max-w-none"
            />
            <div className="min-w-0">
              <p className="text-sm font-semibold text-muted">
                Member {index + 1} of {n}
              </p>
              <h2 className="mt-1 text-3xl font-extrabold text-navy-900">{member.name}</h2>
              <p className="mt-1 text-lg font-semibold text-brand-700">{member.title}</p>
              <div className="mt-5 text-lg leading-relaxed text-ink">
                {hasBio ? (
                  <>
                    <div id={bioId}>
                      <Paragraphs text={isOpen && canExpand ? member.bioFull : member.bioShort || member.bioFull} />
                    </div>
                    {canExpand && (
                      <button
                        type="button"
                        className="link mt-3 text-base font-semibold"
                        aria-expanded={isOpen}
                        aria-controls={bioId}
                        onClick={() => setExpanded((s) => ({ ...s, [member.id]: !isOpen }))}
                      >
                        {isOpen ? "Read less" : "Read more"}
                        <span className="sr-only"> about {member.name}</span>
                      </button>
                    )}
                  </>
                ) : (
                  <p data-testid="board-role-duties">{boardRoleDuties[member.title]}</p>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>

      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="board-live">
        {announcement}
      </div>

      <nav aria-label="All board members" className="mt-8">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5">
          {members.map((m, i) => {
            const current = i === index;
            return (
              <li key={m.id}>
                <button
                  type="button"
                  aria-current={current ? "true" : undefined}
                  aria-controls={slideId}
                  onClick={() => go(i, i < index ? -1 : 1)}
                  className={`flex h-full w-full items-center gap-3 rounded-xl border-2 p-2 text-left transition-colors ${
                    current
                      ? "border-navy-900 bg-navy-900 text-white"
                      : "border-slate-200 bg-white text-navy-900 hover:border-navy-700"
                  }`}
                >
                  <img
                    src={m.secondPicture}
                    width={48}
                    height={48}
                    alt=""
                    className="h-12 w-12 shrink-0 rounded-full bg-white"
                  />
                  <span className="min-w-0">
                    <span className={`block leading-tight ${current ? "font-extrabold" : "font-semibold"}`}>
                      {m.name}
                    </span>
                    <span className={`block text-sm leading-tight ${current ? "text-navy-100" : "text-muted"}`}>
                      {m.title}
                    </span>
                    {current && (
                      <span className="mt-1 inline-block rounded bg-gold-400 px-1.5 text-xs font-bold text-navy-950">
                        Showing
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
    </section>
  );
}

/** /board's carousel of the whole board (~/data/board): the island of that page (app/islands/registry.tsx). */
export function BoardOfDirectors() {
  return <BoardCarousel members={board} />;
}
