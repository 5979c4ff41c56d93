import { useId } from "react";
import { ScrollHint } from "~/components/ScrollHint";
import { useOverflows } from "~/lib/useOverflows";

/**
 * A table for the account pages. On a narrow screen each row becomes a card whose cells name their
 * column (`.table-stack` in app.css; every cell must carry `data-label`, see `Cell`), so nothing is cut
 * off; wider, it is a table in a region that scrolls sideways if it must, says so when it does
 * (ScrollHint), and is reachable by keyboard (axe: scrollable-region-focusable), named by the table's
 * caption. Content tables have their own wrapper of the same kind (Markdown tables:
 * app/content/rehype-tables.server.ts; PassingScores in components/exams/ExamFacts, kept apart so the
 * content pages that show exam facts stay inside their first-load budget).
 */
export function ScrollTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: React.ReactNode;
}) {
  const id = useId();
  const [ref, overflows] = useOverflows<HTMLDivElement>();
  return (
    <div>
      <ScrollHint id={`${id}-hint`} show={overflows} />
      <div
        ref={ref}
        className="overflow-x-auto"
        role="region"
        aria-labelledby={id}
        aria-describedby={overflows ? `${id}-hint` : undefined}
        // a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="table-stack w-full text-left text-sm">
          <caption id={id} className="sr-only">
            {caption}
          </caption>
          <thead>
            <tr className="border-b-2 border-navy-900">
              {columns.map((c) => (
                <th key={c} scope="col" className="p-2">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

/** A body cell of a ScrollTable: `label` is its column's name, shown before it when the row is a card. */
export function Cell({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <td data-label={label} className={`p-2 ${className}`}>
      {children}
    </td>
  );
}
