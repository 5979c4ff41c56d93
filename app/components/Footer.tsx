import { Link } from "~/lib/router";
import { LinkDisclosure } from "~/components/Disclosure";
import { LogoHomeLink } from "~/components/Logo";
import { accessibilityPath, footerCertificationLinks, privacyPolicyPath, termsPath } from "~/data/navigation";
import { org } from "~/data/org";

const linkCls = "inline-block py-1 text-navy-100 no-underline hover:text-gold-300 hover:underline";

const EXPLORE_BEFORE = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/board", label: "Board" },
];
const EXPLORE_AFTER = [
  { to: "/partners", label: "Partners" },
  { to: "/contact", label: "Contact us" },
];

const footerItem = (l: { to: string; label: string }) => (
  <li key={l.to}>
    <Link to={l.to} className={linkCls}>
      {l.label}
    </Link>
  </li>
);

function ExternalIcon() {
  return (
    <svg viewBox="0 0 20 20" className="ml-1 inline h-3.5 w-3.5" aria-hidden="true" focusable="false">
      <path d="M11 3h6v6M17 3l-8 8M15 12v5H3V5h5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

export function Footer() {
  return (
    <footer data-site-footer className="bg-navy-950 text-navy-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <LogoHomeLink tone="light" />
          <p className="mt-4 max-w-xs text-sm">
            {org.name}: a nonprofit coalition advancing IT businesses and careers.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-bold tracking-widest text-gold-300 uppercase">Explore</h2>
          <ul className="mt-3">
            {EXPLORE_BEFORE.map(footerItem)}
            <li>
              <LinkDisclosure label="Certification" links={footerCertificationLinks} variant="footer" />
            </li>
            {EXPLORE_AFTER.map(footerItem)}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold tracking-widest text-gold-300 uppercase">Follow us</h2>
          <ul className="mt-3">
            {[org.social.network, org.social.photos].map((site) => (
              <li key={site.href}>
                <a href={site.href} target="_blank" rel="noopener noreferrer" className={linkCls}>
                  {site.label}
                  <ExternalIcon />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-widest text-gold-300 uppercase">Reach us</h2>
          <ul className="mt-3 text-sm">
            <li className="py-1">{org.hours}</li>
            <li>
              <a href={org.phone.href} className={linkCls}>
                {org.phone.display}
              </a>
            </li>
            <li>
              <a href={`mailto:${org.email}`} className={linkCls}>
                {org.email}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-navy-800">
        <div className="container-page flex flex-col gap-3 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {org.copyrightYear} {org.name}. All rights reserved.
          </p>
          <ul className="flex gap-5">
            <li>
              <Link to={privacyPolicyPath} className={linkCls}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={termsPath} className={linkCls}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to={accessibilityPath} className={linkCls}>
                Accessibility
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
