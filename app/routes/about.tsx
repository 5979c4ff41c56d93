import { org } from "~/data/org";
import { Island } from "~/islands/island";
import { Band } from "~/components/Band";
import { InquiryCard } from "~/components/InquiryCard";
import { Link } from "~/lib/router";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "About the coalition",
    description:
      "Who we are: a nonprofit coalition of IT businesses that inspires innovation, develops IT talent and brings companies together. Our mission, our vision and how to join.",
    path: "/about",
  });

export default function About() {
  return (
    <>
      <section aria-labelledby="about-h1" className="relative bg-navy-900 text-white">
        <img
          src="/images/about-cover.svg"
          width={1200}
          height={480}
          alt=""
          fetchPriority="high"
          // on a phone the illustration sits above the text as a band (issue 25.20: it ran under the words);
          // from 40rem it is the section's background
          className="block h-40 w-full object-cover opacity-60 sm:absolute sm:inset-0 sm:h-full"
        />
        <div className="container-page relative py-10 sm:py-20 md:py-28">
          <p className="text-sm font-bold tracking-widest text-gold-300 uppercase">About us</p>
          <h1 id="about-h1" className="mt-2 max-w-3xl text-4xl font-extrabold sm:text-5xl">
            Building Oklahoma's IT community, one business and one career at a time
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-navy-100">
            New to code? Try our ten-question HTML challenge and see whether a developer career is for you.
          </p>
          <div className="mt-7 flex flex-wrap gap-4">
            <Link to="/about/challenge" className="btn-gold">
              Take the Challenge
            </Link>
            <Link to="/" className="btn border-2 border-white text-white hover:bg-white hover:text-navy-900 nav:hidden">
              Home
            </Link>
          </div>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="who-title">
        <h2 id="who-title" className="text-3xl font-bold text-navy-900">
          Who we are
        </h2>
        <div className="mt-5 grid gap-6 text-lg leading-relaxed md:grid-cols-2">
          <p>
            The {org.name} is a nonprofit association of information technology companies. We exist to promote IT
            innovation, to help IT businesses and startups succeed, and to help veterans and transitioning service
            members build careers in technology.
          </p>
          <p>
            To make skills visible, we run an online-proctored certification program in JavaScript, MySQL, React, HTML
            and CSS, and technical sales. Anyone can take an exam from home: no prior training or membership is
            required.
          </p>
        </div>
      </section>

      <Band id="mission-title" title="Our mission" className="bg-navy-50 py-16">
        <p className="mt-3 max-w-2xl text-muted">
          Three commitments guide everything we do. Turn each card to read it.
        </p>
        <Island of="about-missions" />
      </Band>

      <section className="container-page py-16" aria-labelledby="vision-title">
        <div className="grid gap-8 md:grid-cols-[1fr_2fr] md:items-center">
          <h2 id="vision-title" className="text-3xl font-bold text-navy-900">
            Our vision
          </h2>
          <p className="text-lg leading-relaxed">
            We picture a region where every capable person can find a skilled IT job close to home, where local IT firms
            grow because they can hire proven talent, and where a certificate earned in a single online sitting carries
            the same weight with an employer as years of classroom study.
          </p>
        </div>
      </section>

      <Band
        id="join-title"
        title="Join us"
        className="bg-navy-900 py-16 text-white"
        dark
        aside={<InquiryCard kind="contact" tone="dark" headingId="about-form-title" heading="Contact the coalition" />}
      >
        <p className="mt-4 text-lg leading-relaxed text-navy-100">
          Whether you run an IT business, teach technology, hire developers or want to become one, there is a place for
          you in the coalition. Tell us a little about yourself and we will suggest the best way to take part:
          membership, partnership, volunteering as a subject matter expert, or our career programme.
        </p>
      </Band>
    </>
  );
}
