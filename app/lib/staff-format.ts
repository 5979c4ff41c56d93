/** How the console writes dates, times and amounts (UTC, so every staff member reads the same). */
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");
export const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC"
    : "";
export const money = (cents: number, currency = "USD") =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency });
export const label = (s: string) => s.replace(/[_-]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
