import { useId } from "react";
import type { ExamStatisticsView } from "~/schemas/bank";

/**
 * The score distribution as an inline SVG bar chart (no chart library): the figure's caption says what it
 * shows, the SVG is one labelled image, and the same numbers follow as a table for screen readers and for
 * reading exact values.
 */
export function ScoreDistribution({ bins, passing }: { bins: ExamStatisticsView["distribution"]; passing: number }) {
  const captionId = useId();
  const max = Math.max(1, ...bins.map((b) => b.count));
  const total = bins.reduce((n, b) => n + b.count, 0);
  const W = 400;
  const H = 160;
  const bar = W / bins.length;
  return (
    <figure aria-labelledby={captionId} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption id={captionId} className="font-semibold">
        Score distribution: {total} scored {total === 1 ? "sitting" : "sittings"} by reported score, in bands of 10
        points; the passing score is {passing}%
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        className="h-auto w-full max-w-xl"
        role="img"
        aria-label={`Bar chart of the ${total} scores by band; the table below gives the numbers.`}
      >
        {bins.map((b, i) => {
          const h = (b.count / max) * H;
          return (
            <g key={b.from}>
              <rect x={i * bar + 2} y={H - h} width={bar - 4} height={h} className="fill-brand-700" />
              <text x={i * bar + 2} y={H + 14} fontSize="10" className="fill-current">
                {b.from}
              </text>
            </g>
          );
        })}
        <line
          x1={(passing / 100) * W}
          x2={(passing / 100) * W}
          y1={0}
          y2={H}
          strokeDasharray="4 3"
          className="stroke-red-700"
          strokeWidth="2"
        />
      </svg>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[16rem] text-sm" data-testid="distribution-table">
          <caption className="sr-only">Score distribution</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="p-1">
                Score band
              </th>
              <th scope="col" className="p-1">
                Sittings
              </th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b) => (
              <tr key={b.from}>
                <th scope="row" className="p-1 text-left font-normal">
                  {b.from}–{b.to}%
                </th>
                <td className="p-1">{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
