import type { ScoreReport } from "~/schemas/exam";

/** One domain's result: its numbers in words and a bar that shows the same percentage. */
function DomainRow({ domain, correct, total, percent }: ScoreReport["domains"][number]) {
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className="py-3 pr-4 text-left font-semibold text-navy-900">
        {domain}
      </th>
      <td className="py-3 pr-4 whitespace-nowrap tabular-nums">
        {correct} of {total}
      </td>
      <td className="w-1/2 py-3">
        <div className="flex items-center gap-3">
          <span className="w-12 text-right font-bold tabular-nums">{percent}%</span>
          <div className="h-3 flex-1 overflow-hidden rounded-full bg-navy-100" aria-hidden="true">
            <div className="h-full rounded-full bg-navy-800" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </td>
    </tr>
  );
}

/** A sitting's result in each domain, as the score report and the console's sitting page show it. */
export function DomainResults({
  domains,
  caption,
  className = "",
}: {
  domains: ScoreReport["domains"];
  caption: string;
  className?: string;
}) {
  return (
    <div className={`overflow-x-auto ${className}`}>
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-navy-700">
            {["Domain", "Correct", "Percent"].map((name) => (
              <th key={name} scope="col" className="pb-2">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {domains.map((d) => (
            <DomainRow key={d.domain} {...d} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
