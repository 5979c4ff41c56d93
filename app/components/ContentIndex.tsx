import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "~/lib/router";
import catalog from "virtual:content-catalog";
import { filterDocs, type SearchDoc } from "~/lib/search";

const nouns = { testing: "testing policies", policy: "policies" } as const;
const examples = { testing: "refund, webcam, Quebec", policy: "appeal, 72 hours, privacy" } as const;

/** The list of an index page's policies, with a search box over titles, summaries and body text. */
export function ContentIndex({ lists }: { lists: "testing" | "policy" }) {
  // not useId: on a page served as islands this list hydrates on its own, where React's ids differ (app/islands)
  const id = `${lists}-index`;
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = query.trim();
  const [bodies, setBodies] = useState<Map<string, string> | null>(null);
  const entries = useMemo(
    () =>
      catalog
        .filter((e) => e.kind === "page" && (e.listedIn ?? e.section) === lists)
        .sort((a, b) => (a.order ?? 999) - (b.order ?? 999) || a.title.localeCompare(b.title)),
    [lists],
  );

  // The body text index is fetched once, when the reader starts to search.
  useEffect(() => {
    if (!trimmed || bodies) return;
    let live = true;
    fetch("/content-search.json")
      .then((r) => (r.ok ? r.json() : []))
      .then(
        (docs: (SearchDoc & { route: string })[]) =>
          live && setBodies(new Map(docs.map((d) => [d.route, d.text ?? ""]))),
      )
      .catch(() => live && setBodies(new Map()));
    return () => {
      live = false;
    };
  }, [trimmed, bodies]);

  const docs = entries.map((e) => ({ ...e, text: bodies?.get(e.route) }));
  const shown = filterDocs(docs, trimmed);

  function clear() {
    setQuery("");
    // The Clear button disappears with the query: keep the keyboard user in the search box.
    inputRef.current?.focus();
  }

  return (
    <section aria-labelledby={`${id}-h`} className="mt-10">
      <h2 id={`${id}-h`} className="text-2xl font-bold text-navy-900">
        All {nouns[lists]}
      </h2>
      <div className="mt-4 max-w-xl" role="search">
        <label htmlFor={`${id}-q`} className="block font-semibold text-navy-900">
          Search {nouns[lists]}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            ref={inputRef}
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape" && query) {
                e.preventDefault();
                clear();
              }
            }}
            placeholder={`For example: ${examples[lists]}`}
            className="block w-full rounded-md border border-slate-400 px-3 py-2.5 text-base"
            aria-describedby={`${id}-count`}
            autoComplete="off"
          />
          {query && (
            <button type="button" className="btn-outline" onClick={clear}>
              Clear
            </button>
          )}
        </div>
        <p id={`${id}-count`} className="mt-2 text-sm text-muted" aria-live="polite">
          {trimmed
            ? `${shown.length} of ${entries.length} ${nouns[lists]} match “${trimmed}”.`
            : `${entries.length} ${nouns[lists]}.`}
        </p>
      </div>
      {shown.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-400 p-6">
          <p className="font-semibold text-navy-900">
            No {nouns[lists].replace(/ies$/, "y")} matches “{trimmed}”.
          </p>
          <p className="mt-1 text-muted">
            Try another word, check the spelling, or clear the search to see the full list.
          </p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {shown.map((e) => (
            <li
              key={e.route}
              className="rounded-lg border border-slate-200 p-5 shadow-sm transition-shadow hover:shadow-md"
            >
              <h3 className="text-lg font-bold">
                <Link to={e.route} className="text-navy-900 underline-offset-4 hover:underline">
                  {e.title}
                </Link>
              </h3>
              <p className="mt-1.5 text-muted">{e.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
