export interface SearchDoc {
  route: string;
  title: string;
  summary: string;
  text?: string;
}

/** Lower-case, accent-free words of a query. */
export function terms(query: string): string[] {
  return query
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9%$.]+/)
    .filter(Boolean);
}

/** The documents that contain every word of the query in their title, summary or body text. */
export function filterDocs<T extends SearchDoc>(docs: T[], query: string): T[] {
  const words = terms(query);
  if (words.length === 0) return docs;
  return docs.filter((d) => {
    const hay = `${d.title} ${d.summary} ${d.text ?? ""}`
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "");
    return words.every((w) => hay.includes(w));
  });
}
