import { certifications, commonPrice, EXAM_MINUTES, RECERTIFICATION_YEARS } from "~/data/exams";
import { Island } from "~/islands/island";
import { Band } from "~/components/Band";
import { GlowHero } from "~/components/PageHero";
import { pageMeta } from "~/lib/meta";
import { Link } from "~/lib/router";

export const meta = () =>
  pageMeta({
    title: "Credentials and certification exams",
    description: `${certifications.length} online-proctored IT certification exams: JavaScript, MySQL, React, HTML and CSS, and Technical Sales. ${commonPrice()} each, no prior training or membership required.`,
    path: "/credentials",
  });

/**
 * Served as islands (docs/decisions/0016): the exam cards with their purchase dialog, and the badges,
 * are the page's two islands; the rest is HTML.
 */

const promises = [
  { title: "Relevant to industry", text: "Every exam is built around the skills IT employers hire for today." },
  {
    title: "Fast to earn",
    text: `Prepare at your own pace and test online in a single ${EXAM_MINUTES}-minute sitting.`,
  },
  {
    title: "Proof of real-world experience",
    text: "Questions test what you can do on the job, not what you memorised.",
  },
  {
    title: "A badge and a certificate",
    text: "Add your digital badge and certificate to your resume, portfolio or professional profile.",
  },
];

const reasons = [
  {
    title: "Relevance",
    text: "Certifications follow the tools and practices the industry uses now. Our exam outlines are reviewed with working IT professionals, so what you prove is what employers need.",
  },
  {
    title: "Speed",
    text: "A degree takes years; a certification can take weeks. Study what you need, book an online exam when you are ready, and start applying with a credential in hand.",
  },
  {
    title: "Experience",
    text: "Hands-on experience shows you can deliver. Pair projects, internships or apprenticeships with a certification that confirms your skills against a clear standard.",
  },
  {
    title: "Advantage",
    text: `A verifiable badge sets you apart in a stack of resumes, and re-certifying every ${RECERTIFICATION_YEARS} years shows employers your skills stay current.`,
  },
];

export default function Credentials() {
  return (
    <>
      <GlowHero
        id="cred-h1"
        glow="bg-[radial-gradient(circle_at_85%_15%,rgba(95,199,189,0.25),transparent_45%),radial-gradient(circle_at_5%_95%,rgba(242,182,50,0.2),transparent_40%)]"
        className="py-16 md:py-24"
      >
        <p className="text-sm font-bold tracking-widest text-gold-300 uppercase">Credentials</p>
        <h1 id="cred-h1" className="mt-3 max-w-4xl text-4xl leading-tight font-extrabold sm:text-5xl">
          Transform Your Future: Become certified faster than ever!
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-navy-100">
          Our online-proctored exams give you a credential that employers recognise, without years in a classroom.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {promises.map((p) => (
            <li key={p.title} className="rounded-lg border border-white/20 bg-white/5 p-4">
              <p className="font-bold text-gold-300">{p.title}</p>
              <p className="mt-1 text-sm text-navy-100">{p.text}</p>
            </li>
          ))}
        </ul>
      </GlowHero>

      <Band
        id="offer-title"
        eyebrow="Five exams, one price"
        title="What We Offer: Credential & Certification"
        className="bg-navy-50 py-16"
      >
        <p className="mt-3 max-w-2xl text-lg">
          Browse the exams one at a time. Each card shows the price, the passing score, a summary and, on the Outline
          tab, the domains the exam covers; "learn more" opens the exam outline with its domain weights.
        </p>
        <Island of="exam-cards" />
      </Band>

      <Band id="badges-title" title="Earn Official Badges!" className="py-16" container="text-center">
        <p className="mx-auto mt-3 max-w-2xl text-lg">
          Pass an exam and receive a digital badge to share on your resume, portfolio and professional profiles.
        </p>
        <Island of="badges" />
      </Band>

      <Band
        id="why-title"
        title="Why Choose Certification and Experience Over a Traditional Degree?"
        className="bg-navy-900 py-16 text-white"
        dark
        headingClassName="max-w-3xl"
      >
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((r) => (
            <div key={r.title} className="rounded-lg bg-navy-800 p-5">
              <h3 className="text-xl font-bold text-gold-300">{r.title}</h3>
              <p className="mt-2 text-navy-100">{r.text}</p>
            </div>
          ))}
        </div>
        <p className="mt-10">
          <Link to="/testing-options" className="btn-gold">
            How online testing works
          </Link>
        </p>
      </Band>
    </>
  );
}
