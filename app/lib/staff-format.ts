/** How the console writes dates, times and amounts (UTC, so every staff member reads the same). */
// One date format across the console (issue 25.20): "Nov 23, 2026", with ", 4:05 PM UTC" when the time matters.
/** A day: an instant's UTC day, or a plain "YYYY-MM-DD" day, as "Nov 23, 2026". */
export const day = (value: string | null) =>
  value
    ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value).toLocaleDateString("en-US", {
        dateStyle: "medium",
        timeZone: "UTC",
      })
    : "";
export const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC"
    : "";
export const money = (cents: number, currency = "USD") =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency });
export const label = (s: string) => s.replace(/[_-]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
/** The word for a count: plural(1, "open request", "open requests") is "open request" (issue 25.20). */
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
