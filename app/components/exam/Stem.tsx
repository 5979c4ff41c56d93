/**
 * A question's stem as the bank writes it (bank/README.md): paragraphs separated by blank lines, ```lang
 * fenced code blocks, and `inline code`. Rendered as text, never as HTML: an item about HTML shows its
 * markup, it does not run it.
 */
export function Stem({ text, id }: { text: string; id?: string }) {
  const blocks: { kind: "p" | "code"; text: string; lang?: string }[] = [];
  const fence = /```([\w-]*)\n([\s\S]*?)```/g;
  let last = 0;
  for (const m of text.matchAll(fence)) {
    pushParagraphs(blocks, text.slice(last, m.index));
    blocks.push({ kind: "code", text: m[2]!.replace(/\n$/, ""), lang: m[1] || undefined });
    last = m.index! + m[0].length;
  }
  pushParagraphs(blocks, text.slice(last));
  return (
    <div id={id} className="space-y-3 text-lg leading-relaxed text-navy-950">
      {blocks.map((b, i) =>
        b.kind === "code" ? (
          // a long line scrolls inside the block, and a keyboard user must be able to scroll it (axe's
          // scrollable-region-focusable): the block is a named region that takes focus
          <pre
            key={i}
            role="region"
            className="overflow-x-auto rounded-lg bg-navy-950 p-4 text-sm leading-6 text-white"
            aria-label={b.lang ? `${languageName(b.lang)} code` : "Code"}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable block must take focus
            tabIndex={0}
          >
            <code>{b.text}</code>
          </pre>
        ) : (
          <p key={i}>
            <InlineCode text={b.text} />
          </p>
        ),
      )}
    </div>
  );
}

/** Text with `inline code` spans. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/(`[^`\n]+`)/g);
  return (
    <>
      {parts.map((p, i) =>
        p.startsWith("`") && p.endsWith("`") && p.length > 2 ? (
          <code key={i} className="rounded bg-navy-100 px-1 py-0.5 font-mono text-[0.9em] text-navy-950">
            {p.slice(1, -1)}
          </code>
        ) : (
          p
        ),
      )}
    </>
  );
}

function pushParagraphs(blocks: { kind: "p" | "code"; text: string }[], chunk: string) {
  for (const para of chunk.split(/\n\s*\n/)) {
    const t = para.trim();
    if (t) blocks.push({ kind: "p", text: t });
  }
}

const LANGUAGES: Record<string, string> = {
  js: "JavaScript",
  javascript: "JavaScript",
  jsx: "JSX",
  tsx: "TSX",
  ts: "TypeScript",
  sql: "SQL",
  html: "HTML",
  css: "CSS",
  json: "JSON",
  sh: "Shell",
  bash: "Shell",
  text: "Plain text",
};
function languageName(lang: string): string {
  return LANGUAGES[lang.toLowerCase()] ?? lang.toUpperCase();
}
