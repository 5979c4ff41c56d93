import { BoardCarousel } from "~/components/BoardCarousel";
import { board } from "~/data/board";
import { org } from "~/data/org";
import { Island } from "~/lib/islands";
import { pageMeta } from "~/lib/meta";
import { Link } from "~/lib/router";
import { PageHero } from "~/components/PageHero";

export const meta = () =>
  pageMeta({
    title: "Board of directors",
    description:
      "Meet the coalition's board: the IT business leaders serving as Chairman and President, Vice Chairman, Secretary, Treasurer and Chief Advancement Officer.",
    path: "/board",
  });

/** Served as islands (docs/decisions/0016): the carousel is hydrated on its own, with the board from ~/data/board. */
export const handle = { islands: true };

export default function Board() {
  return (
    <>
      <PageHero
        id="board-h1"
        eyebrow="Our Experts"
        title="Board of Directors"
        intro={
          <>
            The {org.name} is led by a volunteer board of people who run IT businesses themselves. They set our
            direction, oversee the certification program and keep the coalition accountable to its members.
          </>
        }
      />
      <div className="bg-navy-50 py-12 md:py-16">
        <div className="container-page">
          <Island name="board-carousel">
            <BoardCarousel members={board} />
          </Island>
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
