/**
 * A page served as islands (docs/decisions/0016) is prerendered as any other, but the browser does not
 * hydrate the whole document with React Router: app/islands.client.tsx hydrates only the parts marked
 * with <Island>, each on its own, with React and the store, and links load the page they name. Content
 * pages (the policies, their indexes, the information pages) need nothing more, and load about a third
 * less JavaScript. Reached from the app in the browser, the same page renders in the app as before.
 *
 * The names of the islands: app/islands.client.tsx renders each from its name and props.
 */
import type { InquiryKind } from "~/schemas/inquiry";

export type IslandProps = {
  nav: Record<string, never>;
  footer: Record<string, never>;
  print: Record<string, never>;
  "content-index": { lists: "testing" | "policy" };
  "accommodation-request": Record<string, never>;
  // the candidate's pages (app/routes/account*.tsx): each page is one island, signed in from the store
  account: Record<string, never>;
  "account-exams": Record<string, never>;
  "account-results": Record<string, never>;
  "account-certifications": Record<string, never>;
  "account-education": Record<string, never>;
  "account-requests": Record<string, never>;
  // the screens of the account's forms (app/routes/login.tsx …): each is one island
  login: Record<string, never>;
  signup: Record<string, never>;
  "forgot-password": Record<string, never>;
  "reset-password": Record<string, never>;
  "confirm-email": Record<string, never>;
  invitation: Record<string, never>;
  verify: Record<string, never>;
  // the public system check before an online exam (/system-check)
  "system-check": Record<string, never>;
  // the exam (/exam) and its score report (/exam/report): each one island
  exam: Record<string, never>;
  "exam-report": Record<string, never>;
  // the home page's headline, and an inquiry form (components/LazyInquiryForm) with its heading's id
  "typing-headline": { text: string; className?: string };
  "inquiry-form": { kind: InquiryKind; headingId: string; tone?: "light" | "dark" };
  // /credentials: the exam cards with the purchase dialog, and the badges (components/exams/CredentialsCarousels)
  "exam-cards": Record<string, never>;
  badges: Record<string, never>;
  // an exam's outline page (routes/exam-details.tsx) is one island: its Buy Exam buttons share the dialog
  "exam-details": { certId: number };
  // /about's flip cards, /board's carousel, the quiz on /about/challenge (inquiry-form serves /about, /contact, /partners)
  "about-missions": Record<string, never>;
  "board-carousel": Record<string, never>;
  "html-challenge": { headingId: string };
};
export type IslandName = keyof IslandProps;

/** The script a page served as islands loads: the build puts its hashed file in its place (scripts/postbuild.ts). */
export const ISLANDS_ENTRY = "/app/islands.client.tsx";

/**
 * Marks a part of the page that works in the browser. In the app it only wraps its children (an element
 * with `display: contents`, which lays out nothing); on a page served as islands the islands script
 * hydrates `children` again from `name` and `props`, which must render the same. So an island's
 * components take their element ids from their props, not from useId: React numbers those by the place
 * of a component in its tree, and an island's tree in the browser is not the whole page's.
 */
export function Island<N extends IslandName>({
  name,
  children,
  ...rest
}: { name: N; children: React.ReactNode } & (IslandProps[N] extends Record<string, never>
  ? { props?: undefined }
  : { props: IslandProps[N] })) {
  const props = "props" in rest ? rest.props : undefined;
  return (
    <div data-island={name} data-props={props ? JSON.stringify(props) : undefined} className="contents">
      {children}
    </div>
  );
}

/** Whether a route's page is served as islands: its `handle` says `islands: true` (every MDX page's does). */
export function servedAsIslands(handle: unknown): boolean {
  return (handle as { islands?: unknown } | undefined)?.islands === true;
}
