import { NotFoundContent } from "~/components/NotFoundContent";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Page not found",
    description: "The page you asked for does not exist on this site.",
    path: "/404",
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
