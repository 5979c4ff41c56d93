/** The arrow-out-of-a-box icon after a link that opens in a new tab (the link's text says so). */
export function ExternalIcon() {
  return (
    <svg viewBox="0 0 20 20" className="ml-1 inline-block h-4 w-4 align-[-2px]" aria-hidden="true" focusable="false">
      <path
        d="M11 3h6v6M17 3l-8 8M8 5H4v11h11v-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
