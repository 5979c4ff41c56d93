import { fullAddress } from "~/data/org";

/** Our own drawing of the office's neighbourhood: no map service is loaded. */
export function OfficeMap({ className = "" }: { className?: string }) {
  return (
    <figure className={className}>
      <img
        src="/images/office-map.svg"
        width={640}
        height={420}
        loading="lazy"
        decoding="async"
        alt={`Street map of downtown Oklahoma City with a pin on the CITB office at ${fullAddress}, on North Broadway Avenue between Main Street and Park Avenue.`}
        className="h-auto w-full rounded-xl border border-slate-200 shadow-sm"
      />
      <figcaption className="mt-2 text-sm text-muted">
        Our office in downtown Oklahoma City (map not to scale).
      </figcaption>
    </figure>
  );
}
