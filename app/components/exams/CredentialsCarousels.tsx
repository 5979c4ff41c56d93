import { BADGE_INTERVAL_MS, Carousel } from "~/components/Carousel";
import { badges, examCards } from "~/data/exams";
import { hydrateLater } from "~/lib/hydrate-later";
import { usePurchaseDialog } from "./usePurchaseDialog";

// The cards' tabs and exam note (Radix Tabs and Tooltip, floating-ui) load after the first paint.
const ExamCard = hydrateLater(
  () => import("./ExamCard").then((m) => m.ExamCard),
  () => <div className="h-full min-h-96 rounded-xl border border-slate-300 bg-white" />,
);

/**
 * The exam cards of /credentials, one per slide, and the purchase dialog their Buy Exam buttons open
 * (it reads the signed-in candidate from the store). One island on a page served as islands (app/islands).
 * The dialog is a sibling of the carousel, not inside it: the carousel's arrow keys and focus handling
 * would otherwise see the dialog's events, which React passes up through a portal.
 */
export function ExamCardsCarousel() {
  const { buy, dialog } = usePurchaseDialog();
  return (
    <>
      <Carousel
        label="Certification exams"
        slideLabels={examCards.map((c) => c.certification.title)}
        className="mx-auto mt-8 max-w-4xl"
      >
        {examCards.map((card) => (
          <ExamCard key={card.key} card={card} onBuy={buy} />
        ))}
      </Carousel>
      {dialog}
    </>
  );
}

/** The badges of /credentials, advancing on their own every BADGE_INTERVAL_MS (an island of its own). */
export function BadgesCarousel() {
  return (
    <Carousel
      label="Badges"
      slideLabels={badges.map((b) => b.label)}
      autoplayMs={BADGE_INTERVAL_MS}
      className="mx-auto mt-8 max-w-md"
    >
      {badges.map((b) => (
        <figure key={b.key} className="flex flex-col items-center">
          <img src={b.imageSRC} width={240} height={240} alt={b.label} loading="lazy" className="h-60 w-60" />
          <figcaption className="mt-3 font-semibold text-navy-900">{b.label}</figcaption>
        </figure>
      ))}
    </Carousel>
  );
}
