// apart from lib/dates, so the pages that only format dates do not load it
/** The browser's own zone (IANA name) and its long name now, e.g. "Europe/Berlin", "Central European Standard Time". */
export function ownZone(): { id: string; name: string } {
  const id = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: id, timeZoneName: "long" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value ?? id;
  return { id, name };
}
