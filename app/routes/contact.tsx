import { ContactDetails } from "~/components/ContactDetails";
import { LogoHomeLink } from "~/components/Logo";
import { OfficeMap } from "~/components/OfficeMap";
import { org } from "~/data/org";
import { InquiryCard } from "~/components/InquiryCard";
import { pageMeta } from "~/lib/meta";
import { Link } from "~/lib/router";

export const meta = () =>
  pageMeta({
    title: "Contact us",
    description: `Reach the coalition: office hours ${org.hours}, our Oklahoma City address, toll-free phone, support e-mail and a contact form.`,
    path: "/contact",
  });

export default function Contact() {
  return (
    <div className="bg-navy-50">
      <div className="container-page flex items-center justify-between py-4">
        <LogoHomeLink />
        <Link to="/" className="link">
          Back to the home page
        </Link>
      </div>
      <section className="container-page grid gap-10 pt-6 pb-16 md:grid-cols-2" aria-labelledby="contact-h1">
        <div>
          <h1 id="contact-h1" className="text-4xl font-extrabold text-navy-900 sm:text-5xl">
            Reach Out!
          </h1>
          <p className="mt-4 text-lg text-muted">
            Exam questions, accommodation requests, partnership ideas or feedback: our support team reads every message
            and answers during office hours.
          </p>
          <div className="mt-8">
            <ContactDetails />
          </div>
          <OfficeMap className="mt-8" />
        </div>
        <InquiryCard
          kind="contact"
          headingId="contact-form-title"
          heading="Send us a message"
          level="h2"
          className="self-start"
        />
      </section>
    </div>
  );
}
