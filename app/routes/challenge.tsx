import { QUESTION_COUNT } from "~/data/quiz";
import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";
import { Link } from "~/lib/router";

export const meta = () =>
  pageMeta({
    title: "The HTML Challenge",
    description:
      "Take our free ten-question HTML challenge: a short lesson before every question, instant feedback, and a way into our software-developer career programme.",
    path: "/about/challenge",
  });

export default function Challenge() {
  return (
    <>
      <section aria-labelledby="challenge-h1" className="bg-navy-900 pt-10 pb-24 text-white sm:pt-14">
        <div className="container-page mx-auto max-w-3xl">
          <Link
            to="/about"
            className="inline-flex min-h-6 items-center text-sm font-semibold text-gold-300 underline hover:text-white"
          >
            Back to About us
          </Link>
          <p className="mt-6 text-sm font-bold tracking-widest text-gold-300 uppercase">Career programme</p>
          <h1 id="challenge-h1" className="mt-2 text-4xl font-extrabold sm:text-5xl">
            The HTML Challenge
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">
            Could you be a software developer? Learn the basics of HTML in {QUESTION_COUNT} short lessons, test yourself
            after each one, and find out how our career programme can take you further.
          </p>
        </div>
      </section>
      <div className="container-page -mt-16 pb-16">
        <Island of="html-challenge" headingId="challenge" />
      </div>
    </>
  );
}
