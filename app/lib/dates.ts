/** "Nov 23, 2026" for a "YYYY-MM-DD" day or an ISO instant (read as a UTC calendar day for plain days). */
export function formatDay(value: string): string {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Date(plain ? `${value}T00:00:00Z` : value).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    ...(plain ? { timeZone: "UTC" } : {}),
  });
}

/** "Nov 23, 2026, 4:05 PM UTC" for an ISO instant: a deadline is stated with its time and zone. */
export function formatDeadline(iso: string): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}

/** "9:00 AM" in a zone (the browser's when none is given). */
export function formatClock(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone });
}
