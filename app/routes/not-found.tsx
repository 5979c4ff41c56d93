import { NotFoundContent } from "~/components/NotFoundContent";
import { pageMeta } from "~/lib/meta";
import { NOT_FOUND_PAGE } from "~/data/not-found";

/** Prerendered at /404 as islands (navigation and footer), so it works before and without scripts. */

export const meta = () =>
  pageMeta({
    title: "Page not found",
    description: "The page you asked for does not exist on this site.",
    path: NOT_FOUND_PAGE,
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
