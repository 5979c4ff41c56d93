import path from "node:path";
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { contentFiles, readFrontmatter } from "./content/pipeline.server";
import { examsWithDetails } from "./data/exams";

/**
 * The route table: every route of the site, listed once. Screens with code are listed here; every
 * MDX page in app/content becomes a route at the `route` (and `aliases`) of its frontmatter, rendered
 * by the route code it re-exports (app/content/page.tsx, or index-page.tsx for an index).
 * Every static route is prerendered (react-router.config.ts).
 */
const contentRoutes = contentFiles().flatMap((file) => {
  const fm = readFrontmatter(file);
  const module = path
    .relative(import.meta.dirname, file)
    .split(path.sep)
    .join("/");
  return [fm.route, ...(fm.aliases ?? [])].map((p, i) =>
    i === 0 ? route(p.slice(1), module) : route(p.slice(1), module, { id: `${module}#${p}` }),
  );
});

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("confirm-email", "routes/confirm-email.tsx"),
  route("account", "routes/account.tsx"),
  route("account/exams", "routes/account-exams.tsx"),
  route("account/results", "routes/account-results.tsx"),
  route("account/certifications", "routes/account-certifications.tsx"),
  route("account/education", "routes/account-education.tsx"),
  route("account/requests", "routes/account-requests.tsx"),
  route("verify", "routes/verify.tsx"),
  route("system-check", "routes/system-check.tsx"),
  route("exam", "routes/exam.tsx"),
  route("exam/report", "routes/exam-report.tsx"),
  route("exam/check-in", "routes/exam-check-in.tsx"),
  route("invitation", "routes/invitation.tsx"),
  // The staff console: client-rendered behind the session (not prerendered: react-router.config.ts);
  // each page is its own module, so its JavaScript (TanStack Table included) loads only under /staff.
  layout("routes/staff/layout.tsx", [
    route("staff", "routes/staff/dashboard.tsx"),
    route("staff/inbox", "routes/staff/inbox.tsx"),
    route("staff/inbox/:id", "routes/staff/inbox-message.tsx"),
    route("staff/orders", "routes/staff/orders.tsx"),
    route("staff/candidates", "routes/staff/candidates.tsx"),
    route("staff/candidates/:id", "routes/staff/candidate.tsx"),
    route("staff/sittings/:id", "routes/staff/sitting.tsx"),
    route("staff/results", "routes/staff/results.tsx"),
    route("staff/proctoring", "routes/staff/proctoring.tsx"),
    route("staff/items", "routes/staff/items.tsx"),
    route("staff/items/new", "routes/staff/item.tsx", { id: "staff-item-new" }),
    route("staff/items/:id", "routes/staff/item.tsx", { id: "staff-item" }),
    route("staff/items/statistics", "routes/staff/item-statistics.tsx"),
    route("staff/items/cut-score", "routes/staff/cut-score.tsx"),
    ...["accommodations", "appeals", "complaints"].map((q) =>
      route(`staff/${q}`, "routes/staff/requests.tsx", { id: `staff-${q}` }),
    ),
    route("staff/continuing-education", "routes/staff/activities.tsx"),
    route("staff/members", "routes/staff/members.tsx"),
    route("staff/audit", "routes/staff/audit.tsx"),
  ]),
  route("board", "routes/board.tsx"),
  route("partners", "routes/partners.tsx"),
  route("blog", "routes/blog.tsx"),
  route("credentials", "routes/credentials.tsx"),
  // One detail page per exam that has details, at the path its slug gives (app/data/exams.ts).
  ...examsWithDetails.map((c) =>
    route(c.learnMore.slice(1), "routes/exam-details.tsx", { id: `exam-details-${c.slug}` }),
  ),
  route("about/challenge", "routes/challenge.tsx"),
  ...contentRoutes,
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
