import { org } from "~/data/org";
import { Island } from "~/islands/island";
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
          <Island of="board-carousel" />
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
