import type { ComponentType } from "react";
import { Footer } from "~/components/Footer";
import { NavBar } from "~/components/NavBar";

/**
 * Every island of the site, each named once (docs/decisions/0026): the component it renders and whether
 * it reads the store. `<Island of="name" {...props} />` (./island.tsx) renders it while prerendering, and
 * the islands script (./entry.client.tsx) hydrates it from the same entry, so nothing is written twice;
 * its props are the component's own, checked by the types, and reach the browser as JSON.
 *
 * Adding an island: write its component (its ids from its props, not useId: an island's tree in the browser
 * is not the whole page's), add one line here, and render `<Island of="…" />` where it goes. The build
 * (./vite.ts) finds which chunks each island loads from Vite's manifest, for `npm run budgets`.
 */
export interface IslandEntry<P> {
  /** The component: loaded as the page starts (its own chunk), or at once for the shell's parts. */
  load: () => Promise<ComponentType<P>>;
  /** Whether it reads the store (the candidate): it renders inside the page's one store. */
  store: boolean;
  /** Whether it hydrates only when it comes near the screen or is reached (pointer, touch, focus), not at load. */
  near?: boolean;
  /** The component itself when it comes with the islands script (no loading, in the browser as while prerendering). */
  now?: ComponentType<P>;
  /** Its props' type (for the types only). */
  readonly props?: P;
}

type Options = { store?: boolean; near?: boolean };

/** An island whose component loads as its page starts: `() => import("…").then((m) => m.Component)`. */
function island<P>(load: () => Promise<ComponentType<P>>, { store = false, near }: Options = {}): IslandEntry<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  return { load: () => (loading ??= load()), store, ...(near && { near }) };
}

/** An island that comes with the islands script itself (the navigation and footer, on every page). */
function withScript<P>(Component: ComponentType<P>, options: Options = {}): IslandEntry<P> {
  return { ...island(() => Promise.resolve(Component), options), now: Component };
}

const store = { store: true };
/**
 * Parts that need nothing until a visitor comes near them (./entry.client.tsx, decision 0028): the footer, the
 * inquiry forms, the exam cards and badges of /credentials. A press that comes before their code is held and
 * passed on once they work (./hold-presses.ts), and a form sent early is sent once it can be (./early-submit.ts).
 */
const near = { near: true };

export const islands = {
  nav: withScript(NavBar, store),
  footer: withScript(Footer, near),
  print: island(() => import("~/components/PrintButton").then((m) => m.PrintButton)),
  "content-index": island(() => import("~/components/ContentIndex").then((m) => m.ContentIndex)),
  "accommodation-request": island(
    () => import("~/components/account/AccommodationRequest").then((m) => m.AccommodationRequest),
    store,
  ),
  // the candidate's pages (app/routes/account*.tsx): each page is one island, signed in from the store
  account: island(() => import("~/components/account/OverviewPage").then((m) => m.AccountOverview), store),
  "account-exams": island(() => import("~/components/account/ExamsPage").then((m) => m.AccountExams), store),
  "account-results": island(() => import("~/components/account/ResultsPage").then((m) => m.AccountResults), store),
  "account-certifications": island(
    () => import("~/components/account/CertificationsPage").then((m) => m.AccountCertifications),
    store,
  ),
  "account-education": island(
    () => import("~/components/account/EducationPage").then((m) => m.AccountEducation),
    store,
  ),
  "account-requests": island(() => import("~/components/account/RequestsPage").then((m) => m.AccountRequests), store),
  // the screens of the account's forms (app/routes/login.tsx …): each is one island
  login: island(() => import("~/components/auth/LoginPage").then((m) => m.LoginPage), store),
  signup: island(() => import("~/components/auth/SignupPage").then((m) => m.SignupPage), store),
  "forgot-password": island(
    () => import("~/components/auth/ForgotPasswordPage").then((m) => m.ForgotPasswordPage),
    store,
  ),
  "reset-password": island(() => import("~/components/auth/ResetPasswordPage").then((m) => m.ResetPasswordPage), store),
  "confirm-email": island(() => import("~/components/auth/ConfirmEmailPage").then((m) => m.ConfirmEmailPage), store),
  invitation: island(() => import("~/components/auth/InvitationPage").then((m) => m.InvitationPage), store),
  verify: island(() => import("~/components/auth/VerifyPage").then((m) => m.VerifyPage), store),
  // the public system check before an online exam (/system-check)
  "system-check": island(() => import("~/components/system-check/SystemCheckPage").then((m) => m.SystemCheckPage)),
  // check-in for a booked online exam (/exam/check-in)
  "check-in": island(() => import("~/components/check-in/CheckInPage").then((m) => m.CheckInPage), store),
  // the exam (/exam) and its score report (/exam/report)
  exam: island(() => import("~/components/exam/ExamPage").then((m) => m.ExamPage), store),
  "exam-report": island(() => import("~/components/exam/ReportPage").then((m) => m.ReportPage), store),
  // the home page's headline, and an inquiry form as prerendered (its code arrives when it is needed)
  "typing-headline": island(() => import("~/components/TypingHeadline").then((m) => m.TypingHeadline)),
  "inquiry-form": island(() => import("~/components/LazyInquiryForm").then((m) => m.LazyInquiryForm), near),
  // /credentials: the exam cards with the purchase dialog, and the badges
  "exam-cards": island(() => import("~/components/exams/CredentialsCarousels").then((m) => m.ExamCardsCarousel), {
    ...store,
    ...near,
  }),
  badges: island(() => import("~/components/exams/CredentialsCarousels").then((m) => m.BadgesCarousel), near),
  // an exam's outline page is one island: its Buy Exam buttons share the dialog
  "exam-details": island(() => import("~/components/exams/ExamDetailsPage").then((m) => m.ExamDetailsPage), store),
  // /about's flip cards, /board's carousel (with the board from ~/data/board), the quiz on /about/challenge
  "about-missions": island(() => import("~/components/AboutMissions").then((m) => m.AboutMissions)),
  "board-carousel": island(() => import("~/components/BoardCarousel").then((m) => m.BoardOfDirectors)),
  "html-challenge": island(() => import("~/components/HtmlChallenge").then((m) => m.HtmlChallenge)),
};

export type IslandName = keyof typeof islands;

/** The props of an island: its component's. */
export type IslandProps<N extends IslandName> = NonNullable<(typeof islands)[N]["props"]>;
