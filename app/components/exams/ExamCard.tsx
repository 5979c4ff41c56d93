import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link } from "~/lib/router";
import { descriptionParts, type ExamCard as ExamCardData } from "~/data/exams";
import { ExamInfoTooltip } from "./ExamInfoTooltip";

export const COMING_SOON_TEXT = "This credential is currently undergoing an update. Please check back later.";

/** The card's title (the heading that names the card) and its description, the same with or without the tabs. */
function TitleAndDescription({ card, titleId }: { card: ExamCardData; titleId: string }) {
  return (
    <>
      <h3 id={titleId} className="text-2xl font-bold text-navy-900">
        {card.certification.title}
      </h3>
      <p className="mt-3 leading-relaxed">
        {descriptionParts(card.certification).map((p, i) =>
          p.bold ? (
            <strong key={i} className="font-semibold text-navy-900">
              {p.text}
            </strong>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </p>
    </>
  );
}

const tabCls =
  "min-h-11 flex-1 border-b-4 border-transparent px-4 py-2 font-semibold text-muted hover:text-navy-900 data-[state=active]:border-brand-600 data-[state=active]:text-navy-900";

// The tabs' ids come from the card, not from Radix's useId: on a page served as islands the card
// hydrates in its own root, where React numbers ids differently (app/islands).
const tabId = (cardKey: string, tab: string) => `${cardKey}-tab-${tab}`;
const panelId = (cardKey: string, tab: string) => `${cardKey}-panel-${tab}`;
const TABS = [
  ["exam", "Exam"],
  ["outline", "Outline"],
] as const;

/** One tab's panel, always rendered (hidden while inactive) so the prerendered HTML holds both. */
function TabPanel({
  cardKey,
  value,
  current,
  children,
}: {
  cardKey: string;
  value: string;
  current: string;
  children: React.ReactNode;
}) {
  return (
    <Tabs.Content
      value={value}
      id={panelId(cardKey, value)}
      aria-labelledby={tabId(cardKey, value)}
      forceMount
      hidden={current !== value}
      className="flex-1 p-5 data-[state=inactive]:hidden sm:p-6"
    >
      {children}
    </Tabs.Content>
  );
}

/**
 * One exam card. Available exams get the 'Exam' and 'Outline' tabs; an unavailable exam shows only
 * its title and description under a 'Coming Soon!' overlay, without price or purchase.
 * Both tab panels are always rendered (the inactive one hidden) so the prerendered HTML holds everything.
 */
export function ExamCard({ card, onBuy }: { card: ExamCardData; onBuy: (certId: number) => void }) {
  const c = card.certification;
  const titleId = `${card.key}-title`;
  const [tab, setTab] = useState("exam");

  if (!c.available) {
    return (
      <article
        aria-labelledby={titleId}
        className="relative overflow-hidden rounded-xl border border-slate-300 bg-white"
      >
        <div className="p-6 opacity-40">
          <TitleAndDescription card={card} titleId={titleId} />
        </div>
        <div className="absolute inset-0 flex flex-col items-center justify-center bg-navy-950/85 p-6 text-center text-white">
          <p className="text-3xl font-extrabold text-gold-300">Coming Soon!</p>
          <p className="mt-2 max-w-md">{COMING_SOON_TEXT}</p>
        </div>
      </article>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-300 bg-white shadow-sm"
      data-exam-card={c.id}
    >
      <Tabs.Root value={tab} onValueChange={setTab} className="flex flex-1 flex-col">
        <Tabs.List aria-label={`${c.shortName} exam card`} className="flex border-b border-slate-200 bg-navy-50">
          {TABS.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={tabCls}
              id={tabId(card.key, value)}
              aria-controls={panelId(card.key, value)}
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <TabPanel cardKey={card.key} value="exam" current={tab}>
          <div className="flex flex-col gap-5 sm:flex-row">
            <img
              src={card.imageSRC}
              width={320}
              height={180}
              alt=""
              loading="lazy"
              className="h-auto w-full max-w-60 self-start rounded-lg"
            />
            <div className="min-w-0 flex-1">
              <TitleAndDescription card={card} titleId={titleId} />
            </div>
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <p className="rounded-full bg-gold-300 px-4 py-1.5 font-bold text-navy-950">
              {c.nonMemberPrice} <span className="text-sm font-semibold">(non-member)</span>
            </p>
            {c.details && (
              <p
                className="rounded-full border border-navy-900 px-4 py-1.5 font-semibold text-navy-900"
                data-passing-score=""
              >
                Passing score: {c.details.passingScore}
              </p>
            )}
            <ExamInfoTooltip examName={c.title} id={`${card.key}-info`} />
          </div>
          <div className="mt-5 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              onClick={() => onBuy(c.id)}
              aria-label={`Buy Exam: ${c.title}`}
              data-buy-exam={c.id}
            >
              Buy Exam
            </button>
            {c.learnMore && (
              <Link to={c.learnMore} className="btn-outline">
                learn more<span className="sr-only"> about the {c.title}</span>
              </Link>
            )}
          </div>
        </TabPanel>
        <TabPanel cardKey={card.key} value="outline" current={tab}>
          <h3 className="text-xl font-bold text-navy-900">{c.title}: outline</h3>
          {c.outline ? (
            <ol className="mt-3 grid gap-x-6 gap-y-2 md:grid-cols-2">
              {c.outline.domains.map((dm) => (
                <li key={dm.id}>
                  <span className="font-semibold text-navy-900">{dm.title}</span>
                  <span className="block text-sm text-muted">{dm.description}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3">This exam has no published domain outline. Contact us for the topics it covers.</p>
          )}
          <div className="mt-5 rounded-lg bg-brand-100 p-4">
            <p className="font-medium text-navy-950">
              Interested in a prep course? Check out what some of our partners have!
            </p>
            <Link to="/partners" className="btn-primary mt-3">
              Partners
            </Link>
          </div>
        </TabPanel>
      </Tabs.Root>
    </article>
  );
}
