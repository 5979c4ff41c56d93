import { ContactDetails } from "~/components/ContactDetails";
import { OfficeMap } from "~/components/OfficeMap";
import { boardCardPictureSize, homeBoard } from "~/data/board";
import { certifications, EXAM_MINUTES, RECERTIFICATION_YEARS } from "~/data/exams";
import { org } from "~/data/org";
import { Island } from "~/islands/island";
import { GlowHero } from "~/components/PageHero";
import { InquiryCard } from "~/components/InquiryCard";
import { pageMeta } from "~/lib/meta";
import { Link } from "~/lib/router";

export const meta = () =>
  pageMeta({
    title: `${org.name} (${org.shortName})`,
    description:
      "A nonprofit coalition of IT businesses: online-proctored IT certification exams, support for IT startups, and career paths into IT for veterans and newcomers.",
    path: "/",
  });

const HEADLINE_CLASS = "mt-3 max-w-4xl text-4xl leading-tight font-extrabold sm:text-5xl lg:text-6xl";

export default function Home() {
  return (
    <>
      <GlowHero
        id="hero-title"
        glow="bg-[radial-gradient(circle_at_80%_20%,rgba(95,199,189,0.25),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(242,182,50,0.18),transparent_40%)]"
        className="py-20 md:py-28"
      >
        <p className="text-sm font-bold tracking-widest text-gold-300 uppercase">Nonprofit IT coalition</p>
        <div id="hero-title">
          <Island of="typing-headline" text={org.name} className={HEADLINE_CLASS} />
        </div>
        <p className="mt-6 max-w-2xl text-lg text-navy-100 sm:text-xl">
          We connect IT businesses, certify the skills employers need, and open the door to IT careers for veterans,
          transitioning service members and everyone ready to learn.
        </p>
        <div className="mt-8 flex flex-wrap gap-4">
          <Link to="/credentials" className="btn-gold">
            Explore certifications
          </Link>
          <Link
            to="/about/challenge"
            className="btn border-2 border-white text-white hover:bg-white hover:text-navy-900"
          >
            Take the HTML challenge
          </Link>
        </div>
      </GlowHero>

      <section
        className="container-page grid items-center gap-10 py-16 md:grid-cols-2 md:py-20"
        aria-labelledby="about-title"
      >
        <div>
          <p className="eyebrow">About us</p>
          <h2 id="about-title" className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">
            Stronger together in information technology
          </h2>
          <p className="mt-5 text-lg leading-relaxed">{org.mission}</p>
          <p className="mt-4 leading-relaxed text-muted">
            Our members range from one-person startups to established firms. Together we run a certification program
            that proves practical skill, share what we learn about growing an IT business, and train the next generation
            of developers.
          </p>
          <Link to="/about" className="btn-primary mt-7">
            Learn More<span className="sr-only"> about the coalition</span>
          </Link>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {[
            [String(certifications.length), "online-proctored certification exams"],
            [String(EXAM_MINUTES), "minutes per exam, taken from home"],
            [String(RECERTIFICATION_YEARS), "years of validity for each certification"],
            ["24 h", "to hear back about our career programme"],
          ].map(([n, label]) => (
            <li key={label} className="rounded-xl border border-slate-200 bg-navy-50 p-5">
              <span className="block text-3xl font-extrabold text-brand-700">{n}</span>
              <span className="mt-1 block text-navy-900">{label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-navy-900 py-16 text-white md:py-20" aria-labelledby="board-title">
        <div className="container-page">
          <p className="text-sm font-bold tracking-widest text-gold-300 uppercase">Our Experts</p>
          <h2 id="board-title" className="mt-2 text-3xl font-bold sm:text-4xl">
            Meet the Board
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-navy-100">
            Our volunteer board is made up of people who build and run IT businesses. They guide the coalition, oversee
            the certification program and keep our work focused on members, candidates and veterans entering IT.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {homeBoard.map((m) => (
              <li key={m.id} className="overflow-hidden rounded-2xl bg-white text-navy-950 shadow-lg">
                <img
                  src={m.secondPicture}
                  {...boardCardPictureSize}
                  alt={m.alt}
                  loading="lazy"
                  className="aspect-square h-auto w-full"
                />
                <div className="p-5">
                  <h3 className="text-xl font-bold text-navy-900">{m.name}</h3>
                  <p className="mt-1 font-semibold text-brand-700">{m.title}</p>
                </div>
              </li>
            ))}
          </ul>
          <Link to="/board" className="btn-gold mt-10">
            Meet the whole board
          </Link>
        </div>
      </section>

      <section className="bg-navy-50 py-16 md:py-20" aria-labelledby="contact-title">
        <div className="container-page">
          <p className="eyebrow">Contact</p>
          <h2 id="contact-title" className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">
            Talk to the coalition
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-muted">
            Questions about an exam, a membership or a partnership? Send us a message and a real person will answer.
          </p>
          <div className="mt-10 grid gap-10 md:grid-cols-2">
            <div className="space-y-6">
              <OfficeMap />
              <ContactDetails />
            </div>
            <InquiryCard kind="contact" headingId="home-form-title" heading="Send us a message" />
          </div>
        </div>
      </section>
    </>
  );
}
