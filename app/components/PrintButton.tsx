/** Prints the page (the print stylesheet leaves out the navigation, footer and buttons). */
export function PrintButton() {
  return (
    <button type="button" className="link" onClick={() => window.print()}>
      Print this page
    </button>
  );
}
