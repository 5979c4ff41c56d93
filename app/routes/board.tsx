import { Link } from "react-router";
import { BoardCarousel } from "~/components/BoardCarousel";
import { board } from "~/data/board";
import { org } from "~/data/org";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Board of directors",
    description:
      "Meet the coalition's board: the IT business leaders serving as Chairman and President, Vice Chairman, Secretary, Treasurer and Chief Advancement Officer.",
    path: "/board",
  });

export default function Board() {
  return (
    <>
      <section className="bg-navy-900 text-white" aria-labelledby="board-h1">
        <div className="container-page py-14 md:py-16">
          <p className="text-sm font-bold tracking-widest text-gold-300 uppercase">Our Experts</p>
          <h1 id="board-h1" className="mt-2 text-4xl font-extrabold sm:text-5xl">
            Board of Directors
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">
            The {org.name} is led by a volunteer board of people who run IT businesses themselves. They set our
            direction, oversee the certification program and keep the coalition accountable to its members.
          </p>
        </div>
      </section>
      <div className="bg-navy-50 py-12 md:py-16">
        <div className="container-page">
          <BoardCarousel members={board} />
          <p className="mt-10 text-center text-muted">
            Would you like to work with the board on a program or a partnership?{" "}
            <Link to="/contact" className="link">
              Contact us
            </Link>
            .
          </p>
        </div>
      </div>
    </>
  );
}
