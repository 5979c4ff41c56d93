import { useId } from "react";

/**
 * A table in a region that scrolls sideways on a narrow screen (the page itself never does), reachable by
 * keyboard (axe: scrollable-region-focusable) and named by the table's caption. `columns` gives the header
 * row; the children are the body rows. Content tables have their own wrapper of the same kind (Markdown tables:
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
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div className="overflow-x-auto" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="w-full text-left text-sm">
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
  );
}
