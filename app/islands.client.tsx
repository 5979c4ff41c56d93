import { StrictMode, useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Footer } from "~/components/Footer";
import { NavBar } from "~/components/NavBar";
import type { IslandName, IslandProps } from "~/lib/islands";
import { Providers } from "~/state/providers";

/**
 * The script of a page served as islands (~/lib/islands, docs/decisions/0016): React hydrates each part
 * marked with <Island> on its own, from its name and props, with the store where it needs the candidate.
 * The navigation and footer come with this script; the rest of a page's islands load as it starts.
 * Nothing here imports React Router: links are links (~/lib/router).
 */
type Render<N extends IslandName> = (props: IslandProps[N]) => ReactNode | Promise<ReactNode>;

/** A screen that is one island (a candidate's page, an account form's screen: app/routes/account*.tsx, login …), with the store. */
const wholePage = (load: () => Promise<ComponentType>) => async () => {
  const Page = await load();
  return (
    <Providers>
      <Page />
    </Providers>
  );
};

const islands: { [N in IslandName]: Render<N> } = {
  nav: () => (
    <Providers>
      <NavBar />
    </Providers>
  ),
  footer: () => <Footer />,
  print: async () => {
    const { PrintButton } = await import("~/components/PrintButton");
    return <PrintButton />;
  },
  "content-index": async ({ lists }) => {
    const { ContentIndex } = await import("~/components/ContentIndex");
    return <ContentIndex lists={lists} />;
  },
  "accommodation-request": async () => {
    const { AccommodationRequest } = await import("~/components/account/AccommodationRequest");
    return (
      <Providers>
        <AccommodationRequest />
      </Providers>
    );
  },
  account: wholePage(() => import("~/components/account/OverviewPage").then((m) => m.AccountOverview)),
  "account-exams": wholePage(() => import("~/components/account/ExamsPage").then((m) => m.AccountExams)),
  "account-results": wholePage(() => import("~/components/account/ResultsPage").then((m) => m.AccountResults)),
  "account-certifications": wholePage(() =>
    import("~/components/account/CertificationsPage").then((m) => m.AccountCertifications),
  ),
  "account-education": wholePage(() => import("~/components/account/EducationPage").then((m) => m.AccountEducation)),
  "account-requests": wholePage(() => import("~/components/account/RequestsPage").then((m) => m.AccountRequests)),
  login: wholePage(() => import("~/components/auth/LoginPage").then((m) => m.LoginPage)),
  signup: wholePage(() => import("~/components/auth/SignupPage").then((m) => m.SignupPage)),
  "forgot-password": wholePage(() => import("~/components/auth/ForgotPasswordPage").then((m) => m.ForgotPasswordPage)),
  "reset-password": wholePage(() => import("~/components/auth/ResetPasswordPage").then((m) => m.ResetPasswordPage)),
  "confirm-email": wholePage(() => import("~/components/auth/ConfirmEmailPage").then((m) => m.ConfirmEmailPage)),
  invitation: wholePage(() => import("~/components/auth/InvitationPage").then((m) => m.InvitationPage)),
  verify: wholePage(() => import("~/components/auth/VerifyPage").then((m) => m.VerifyPage)),
  "system-check": async () => {
    const { SystemCheckPage } = await import("~/components/system-check/SystemCheckPage");
    return <SystemCheckPage />;
  },
  exam: wholePage(() => import("~/components/exam/ExamPage").then((m) => m.ExamPage)),
  "exam-report": wholePage(() => import("~/components/exam/ReportPage").then((m) => m.ReportPage)),
  "typing-headline": async (props) => {
    const { TypingHeadline } = await import("~/components/TypingHeadline");
    return <TypingHeadline {...props} />;
  },
  // LazyInquiryForm, as prerendered: the form keeps its HTML (and what is typed) until its code arrives
  "inquiry-form": async (props) => {
    const { LazyInquiryForm } = await import("~/components/LazyInquiryForm");
    return <LazyInquiryForm {...props} />;
  },
  "exam-cards": async () => {
    const { ExamCardsCarousel } = await import("~/components/exams/CredentialsCarousels");
    return (
      <Providers>
        <ExamCardsCarousel />
      </Providers>
    );
  },
  badges: async () => {
    const { BadgesCarousel } = await import("~/components/exams/CredentialsCarousels");
    return <BadgesCarousel />;
  },
  "exam-details": async ({ certId }) => {
    const { ExamDetailsPage } = await import("~/components/exams/ExamDetailsPage");
    return (
      <Providers>
        <ExamDetailsPage certId={certId} />
      </Providers>
    );
  },
  "about-missions": async () => {
    const { AboutMissions } = await import("~/components/AboutMissions");
    return <AboutMissions />;
  },
  "board-carousel": async () => {
    const [{ BoardCarousel }, { board }] = await Promise.all([
      import("~/components/BoardCarousel"),
      import("~/data/board"),
    ]);
    return <BoardCarousel members={board} />;
  },
  "html-challenge": async ({ headingId }) => {
    const { HtmlChallenge } = await import("~/components/HtmlChallenge");
    return <HtmlChallenge headingId={headingId} />;
  },
};

/** Tells whoever waits (the browser tests) that an island has hydrated: the last one sets data-islands="hydrated". */
let pending = 0;
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    pending -= 1;
    if (pending === 0) document.documentElement.dataset.islands = "hydrated";
  }, []);
  return children;
}

async function hydrate(element: HTMLElement, index: number) {
  const name = element.dataset.island as IslandName;
  const render = islands[name] as Render<IslandName> | undefined;
  if (!render) throw new Error(`No island named "${name}"`);
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as IslandProps[IslandName]) : {};
  const content = await render(props as never);
  hydrateRoot(
    element,
    <StrictMode>
      <Hydrated>{content}</Hydrated>
    </StrictMode>,
    // each root numbers its useId ids from the start: a prefix of its own keeps two islands' ids apart
    { identifierPrefix: `island${index}-` },
  );
}

const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
pending = elements.length;
elements.forEach((element, index) => void hydrate(element, index));
