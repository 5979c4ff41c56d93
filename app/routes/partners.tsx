import { org } from "~/data/org";
import { partnerLogoSize, partners } from "~/data/partners";
import { Band } from "~/components/Band";
import { InquiryCard } from "~/components/InquiryCard";
import { pageMeta } from "~/lib/meta";
import { PageHero } from "~/components/PageHero";
import { ExternalIcon } from "~/components/ExternalIcon";

export const meta = () =>
  pageMeta({
    title: "Our partners",
    description:
      "The training providers, employers, consultancies and colleges that work with the coalition to prepare people for IT careers, and how to become a partner.",
    path: "/partners",
  });

export default function Partners() {
  return (
    <>
      <PageHero
        id="partners-h1"
        eyebrow="Partners"
        title="Our partners"
        wide
        intro={
          <>
            No one prepares a new IT professional alone. The {org.shortName} works with training companies, a technical
            college, consultancies, a cybersecurity firm and employers who hire veterans. Together we help people learn,
            prepare for our certification exams and find their first or next job in technology.
          </>
        }
      />

      <section className="container-page py-14 md:py-16" aria-labelledby="partner-list-title">
        <h2 id="partner-list-title" className="text-3xl font-bold text-navy-900">
          Who we work with
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-muted">
          Looking for a prep course or a hiring partner? Each organisation below runs its own programs; visit their
          websites for details.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="partner-list">
          {partners.map((p) => (
            <li
              key={p.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              data-testid="partner-card"
            >
              <img
                src={p.logo}
                {...partnerLogoSize}
                alt={`${p.name} logo`}
                loading="lazy"
                className="h-auto w-full max-w-60 rounded-xl"
              />
              <h3 className="mt-5 text-xl font-bold text-navy-900">{p.name}</h3>
              <p className="mt-1 text-sm font-semibold text-brand-700 first-letter:uppercase">{p.kind}</p>
              <p className="mt-3 flex-1 leading-relaxed">{p.description}</p>
              <a href={p.link} target="_blank" rel="noopener noreferrer" className="link mt-5 self-start">
                Visit {p.name}
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalIcon />
              </a>
              <span className="mt-1 text-xs text-muted" aria-hidden="true">
                Opens in a new tab
              </span>
            </li>
          ))}
        </ul>
      </section>

      <Band
        id="partner-form-title"
        title="Interested in becoming a partner? Contact us!"
        className="bg-navy-50 py-14 md:py-16"
        aside={<InquiryCard kind="partner" headingId="partner-form-title" />}
      >
        <p className="mt-4 text-lg text-muted">
          We welcome training providers, schools, employers and IT businesses that share our goals. Tell us about your
          organisation and how you would like to work together, and our partnerships team will be in touch.
        </p>
      </Band>
    </>
  );
}
