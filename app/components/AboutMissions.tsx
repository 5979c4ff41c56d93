import { FlipCard } from "~/components/FlipCard";

const icon = (d: string) => (
  <svg viewBox="0 0 48 48" className="h-14 w-14" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The coalition's three commitments (/about), each on a card that turns to show its text. */
const missions = [
  {
    title: "Inspiration",
    icon: icon("M24 6a12 12 0 0 0-7 21.8V33h14v-5.2A12 12 0 0 0 24 6zM18 38h12M20 43h8"),
    text: "We show what technology can do for a community. Our events, stories and exams spark curiosity in students, career changers and veterans, and give founders the confidence to build.",
  },
  {
    title: "Talent Development",
    icon: icon("M6 18 24 9l18 9-18 9zM13 22v10c6 5 16 5 22 0V22M42 18v12"),
    text: "We turn interest into skill. Practical certifications, partner training, internships and paid apprenticeships give people a clear, affordable path into IT work.",
  },
  {
    title: "Collaboration",
    icon: icon(
      "M16 20a6 6 0 1 0 0-.1zM32 20a6 6 0 1 0 0-.1zM5 40c1-7 6-10 11-10s10 3 11 10M21 40c1-7 6-10 11-10s10 3 11 10",
    ),
    text: "We bring IT businesses, schools and employers to one table, so members share knowledge, refer work to each other and hire the people our programs prepare.",
  },
];

/** The mission's flip cards on /about: an island of its own there (app/islands). */
export function AboutMissions() {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      {missions.map((m) => (
        <FlipCard key={m.title} title={m.title} icon={m.icon}>
          {m.text}
        </FlipCard>
      ))}
    </ul>
  );
}
