import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { useEffect } from "react";
import { navigate } from "~/lib/router";
import { useAppSelector, useRehydrated } from "~/state/providers";
import { SmeGate } from "~/components/staff/SmeAgreement";
import type { StaffContext } from "~/components/staff/StaffConsole";
import { isStaffRole } from "~/schemas/staff";

export const meta = () => [{ name: "robots", content: "noindex" }];

/**
 * `admin`: administrators only; `sme`: also shown to subject-matter experts, who see only these; `proctor`:
 * also shown to proctors, who see only these.
 */
const LINKS: { to: string; label: string; admin?: boolean; sme?: boolean; proctor?: boolean }[] = [
  { to: "/staff", label: "Dashboard" },
  { to: "/staff/proctoring", label: "Proctoring", proctor: true },
  { to: "/staff/items", label: "Item bank", sme: true },
  { to: "/staff/inbox", label: "Inbox" },
  { to: "/staff/orders", label: "Orders" },
  { to: "/staff/candidates", label: "Candidates" },
  { to: "/staff/results", label: "Results" },
  { to: "/staff/items/statistics", label: "Item statistics" },
  { to: "/staff/items/cut-score", label: "Cut-score study", sme: true },
  { to: "/staff/accommodations", label: "Accommodations" },
  { to: "/staff/continuing-education", label: "Continuing education" },
  { to: "/staff/appeals", label: "Appeals" },
  { to: "/staff/complaints", label: "Complaints" },
  { to: "/staff/members", label: "Members", admin: true },
  { to: "/staff/audit", label: "Audit log", admin: true },
];

/**
 * The link of the part of the console a path is in: the longest link the path starts with (segment by
 * segment), so /staff/items/statistics is "Item statistics" alone, not also "Item bank".
 */
export function currentLink(links: readonly { to: string }[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return links
    .map((l) => l.to)
    .filter((to) => path === to || path.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The one part of the console a proctor sees (the server refuses them the rest of /api/staff). */
export const PROCTOR_HOME = "/staff/proctoring";

const ROLE_NAMES: Record<string, string> = {
  admin: "Administrator",
  sme: "Subject-matter expert",
  proctor: "Proctor",
  staff: "Staff member",
};

const linksFor = (role: string) =>
  LINKS.filter((l) => (role === "sme" ? l.sme : role === "proctor" ? l.proctor : !l.admin || role === "admin"));

/**
 * The console's frame: only staff, admins, subject-matter experts and proctors see it (an SME only the item
 * bank, after accepting the agreement: SmeGate; a proctor only the proctoring page, where any other console
 * address takes them). Without a session the person goes to the login page and comes back; a candidate gets
 * a plain refusal. Pages render in the browser from the API.
 */
export default function StaffLayout() {
  const user = useAppSelector((s) => s.user);
  const rehydrated = useRehydrated();
  const location = useLocation();
  const proctorOutside = user?.role === "proctor" && !location.pathname.startsWith(PROCTOR_HOME);

  // the login page is a public page, served as islands: it loads as a document (~/lib/router)
  useEffect(() => {
    if (rehydrated && !user)
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [rehydrated, user, location.pathname, location.search]);
  // inside the console's router: a client-side move, like SmeGate's
  const go = useNavigate();
  useEffect(() => {
    if (proctorOutside) go(PROCTOR_HOME, { replace: true });
  }, [proctorOutside, go]);

  if (!user)
    return (
      <div className="container-page py-12">
        <h1 className="text-2xl font-extrabold text-navy-900">Staff console</h1>
        <p role="status" className="mt-2 text-muted">
          Checking your session…
        </p>
      </div>
    );
  if (!isStaffRole(user.role))
    return (
      <div className="container-page py-12">
        <h1 className="text-2xl font-extrabold text-navy-900">Staff console</h1>
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800">
          Your account does not have access to this page. The staff console is for the coalition&apos;s staff.
        </p>
        <p className="mt-4">
          <NavLink to="/account" className="link">
            Go to your account
          </NavLink>
        </p>
      </div>
    );

  const context: StaffContext = { user };
  const links = linksFor(user.role);
  const current = currentLink(links, location.pathname);
  return (
    <div className="container-page flex flex-col gap-6 py-8 lg:flex-row lg:items-start">
      <nav aria-label="Staff console" className="shrink-0 lg:w-56">
        {/* one header in the console (issue 25.20): who is signed in, and Log out, are in the site's navigation bar */}
        <p className="text-sm text-muted">{ROLE_NAMES[user.role] ?? "Staff member"}</p>
        <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {links.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                aria-current={l.to === current ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-semibold ${l.to === current ? "bg-navy-900 text-white" : "bg-white text-navy-900 hover:bg-navy-50"}`}
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {proctorOutside ? (
        <div className="min-w-0 flex-1">
          <p role="status" className="text-muted">
            Opening the proctoring page…
          </p>
        </div>
      ) : user.role === "sme" ? (
        <SmeGate>
          <Outlet context={context} />
        </SmeGate>
      ) : (
        <Outlet context={context} />
      )}
    </div>
  );
}
