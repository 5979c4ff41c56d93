/**
 * A table of item versions for the bank pages (the cut-score study's ratings, the item statistics): a row
 * an item version, headed by its id and version. It scrolls sideways inside a keyboard-focusable region
 * (so the whole table can be reached) with a name of its own, `label`: the section around it is already a
 * region named by its heading.
 */
export function ItemTable<I extends { itemId: string; version: number }>({
  label,
  caption,
  columns,
  items,
  minWidth,
  testId,
  note,
  cells,
}: {
  label: string;
  caption: string;
  /** the headers of the columns after "Item" */
  columns: string[];
  items: I[];
  /** the table's least width (a Tailwind class), beyond the region's the region scrolls */
  minWidth: string;
  testId?: string;
  /** a line under the item's id (a pretest item says so) */
  note?: (item: I) => React.ReactNode;
  /** the row's cells after its header */
  cells: (item: I) => React.ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className={`w-full ${minWidth} text-sm`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left">
            {["Item", ...columns].map((h) => (
              <th key={h} scope="col" className="p-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={`${i.itemId}@${i.version}`} className="border-t border-slate-100 align-top">
              <th scope="row" className="p-2 text-left font-mono font-normal">
                {i.itemId} v{i.version}
                {note?.(i)}
              </th>
              {cells(i)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
