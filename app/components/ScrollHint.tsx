/**
 * The visible note that a table scrolls sideways (issue 25.16), shown only while it does; the scrolling
 * region names it in aria-describedby, so a screen reader hears it too.
 */
export function ScrollHint({ id, show }: { id: string; show: boolean }) {
  if (!show) return null;
  return (
    <p id={id} className="mb-1 text-sm text-muted" data-scroll-hint="">
      <span aria-hidden="true">↔ </span>The table is wider than the screen: scroll it sideways to see every column.
    </p>
  );
}
