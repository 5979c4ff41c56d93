import type { WeightedDomain } from "~/data/exams";

const fmt = (n: number) => `${n}%`;

/** A horizontal bar chart of the domain weights: an image with a caption, every number also in text. */
export function WeightsChart({ weights, examName, id }: { weights: WeightedDomain[]; examName: string; id: string }) {
  const max = Math.max(...weights.map((w) => w.percent));
  // Label above each bar, so the chart stays legible when it is scaled down on a phone.
  const row = 46;
  const width = 360;
  const barW = 290;
  const height = weights.length * row + 4;
  const captionId = `${id}-caption`;
  return (
    <figure className="mx-auto w-full max-w-xl rounded-xl border border-slate-200 bg-white p-4">
      <figcaption id={captionId} className="font-semibold text-navy-900">
        Domain weights of the {examName} (recommended % of test)
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={captionId}
        data-weights-chart=""
      >
        {weights.map((w, i) => {
          const y = i * row;
          const len = Math.max(2, (w.percent / max) * barW);
          return (
            <g key={w.title}>
              <title>{`${w.title}: ${fmt(w.percent)}, ${w.questions} questions`}</title>
              <text x={0} y={y + 15} fontSize="14" fill="#1a2230">
                {w.title}
              </text>
              <rect x={0} y={y + 21} width={barW} height={16} rx="3" fill="#f1f5fa" />
              <rect x={0} y={y + 21} width={len} height={16} rx="3" fill="#0f6e66" />
              <text x={barW + 6} y={y + 34} fontSize="14" fontWeight="700" fill="#0b2545">
                {fmt(w.percent)}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="sr-only">
        {weights.map((w) => (
          <li key={w.title}>{`${w.title}: ${fmt(w.percent)} of the test, ${w.questions} questions`}</li>
        ))}
      </ul>
    </figure>
  );
}
