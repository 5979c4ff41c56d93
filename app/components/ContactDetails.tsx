import { fullAddress, org } from "~/data/org";

/** Office hours, address, phone and e-mail, as a definition list. */
export function ContactDetails({ tone = "light" }: { tone?: "light" | "dark" }) {
  const dt = tone === "dark" ? "text-gold-300" : "text-brand-700";
  const link = tone === "dark" ? "text-white underline hover:text-gold-300" : "link";
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className={`text-sm font-bold tracking-wide uppercase ${dt}`}>Office hours</dt>
        <dd className="mt-1">{org.hours}</dd>
      </div>
      <div>
        <dt className={`text-sm font-bold tracking-wide uppercase ${dt}`}>Address</dt>
        <dd className="mt-1">
          <address className="not-italic">{fullAddress}</address>
        </dd>
      </div>
      <div>
        <dt className={`text-sm font-bold tracking-wide uppercase ${dt}`}>Toll-free phone</dt>
        <dd className="mt-1">
          <a className={link} href={org.phone.href}>
            {org.phone.display}
          </a>
        </dd>
      </div>
      <div>
        <dt className={`text-sm font-bold tracking-wide uppercase ${dt}`}>Support e-mail</dt>
        <dd className="mt-1">
          <a className={link} href={`mailto:${org.email}`}>
            {org.email}
          </a>
        </dd>
      </div>
    </dl>
  );
}
