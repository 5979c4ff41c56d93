import { Island } from "~/islands/island";
import { blogImageSize, formatBlogDate } from "~/lib/blog";
import type { Frontmatter, TocEntry } from "~/content/schema.server";
import { absoluteUrl, pageMeta } from "~/lib/meta";
import { org } from "~/data/org";
import { Link } from "~/lib/router";

const eyebrow: Record<Frontmatter["section"], string> = {
  testing: "Testing policy",
  policy: "Organisational policy",
  info: "Certification information",
  blog: "Blog",
};

export function formatDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export function contentMeta(fm: Frontmatter) {
  return pageMeta({
    title: fm.title,
    description: fm.summary,
    path: fm.route,
    type: fm.section === "blog" ? "article" : "website",
  });
}

function BackLink({ link }: { link: NonNullable<Frontmatter["backLink"]> }) {
  return (
    <Link to={link.href} className="link inline-flex items-center gap-1.5 no-print">
      <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
        <path d="M12.5 5 7.5 10l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      {link.label}
    </Link>
  );
}

/** Author, publication date ("01 Aug 2024") and reading time of a blog post. */
function BlogByline({ fm, minutes }: { fm: Frontmatter; minutes?: number }) {
  const date = fm.date ?? fm.effectiveDate;
  return (
    <p className="mt-5 flex flex-wrap gap-x-6 gap-y-1 text-sm text-navy-900" data-testid="blog-byline">
      {fm.author && (
        <span>
          <strong>By</strong> {fm.author}
        </span>
      )}
      <span>
        <strong>Published:</strong> <time dateTime={date}>{formatBlogDate(date)}</time>
      </span>
      {minutes && <span>{minutes} min read</span>}
    </p>
  );
}

/** The layout of every MDX page: header, document control, table of contents, body, back links. */
export function ContentPage({
  frontmatter: fm,
  toc,
  readingMinutes,
  index,
  children,
}: {
  frontmatter: Frontmatter;
  toc: TocEntry[];
  /** computed at build time from the page's text */
  readingMinutes?: number;
  /** an index page's searchable list (components/ContentIndex), added at build time */
  index?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const isBlog = fm.section === "blog";
  const backLink = fm.backLink ?? (isBlog ? { href: "/blog", label: "Back to the blog" } : undefined);
  return (
    <article className="pb-16">
      <header className="bg-navy-50 py-10 sm:py-14">
        <div className="container-page">
          {backLink && <BackLink link={backLink} />}
          <p className="eyebrow mt-6">{eyebrow[fm.section]}</p>
          <h1 className="mt-2 max-w-4xl text-3xl font-extrabold text-navy-900 sm:text-4xl">{fm.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-muted">{fm.summary}</p>
          {isBlog && <BlogByline fm={fm} minutes={readingMinutes} />}
          {!isBlog && fm.kind === "page" && (
            <p className="mt-5 flex flex-wrap gap-x-6 gap-y-1 text-sm text-navy-900">
              <span>
                <strong>Effective:</strong> <time dateTime={fm.effectiveDate}>{formatDate(fm.effectiveDate)}</time>
              </span>
              <span>
                <strong>Version:</strong> {fm.version}
              </span>
              <span>
                <strong>Owner:</strong> {org.shortName} certification program
              </span>
            </p>
          )}
        </div>
      </header>
      <div className={`container-page mt-10 ${toc.length > 4 ? "lg:grid lg:grid-cols-[16rem_1fr] lg:gap-12" : ""}`}>
        {toc.length > 4 && (
          <nav
            aria-labelledby="toc-title"
            className="no-print mb-8 self-start rounded-lg border border-slate-200 p-4 lg:sticky lg:top-24"
          >
            <h2 id="toc-title" className="text-sm font-bold tracking-wide text-navy-900 uppercase">
              On this page
            </h2>
            <ol className="mt-2 space-y-1.5 text-sm">
              {toc.map((t) => (
                <li key={t.id}>
                  <a href={`#${t.id}`} className="link">
                    {t.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="min-w-0">
          {isBlog && fm.image && (
            <img
              src={fm.image}
              width={blogImageSize.width}
              height={blogImageSize.height}
              alt={fm.imageAlt ?? ""}
              className="mb-8 h-auto w-full max-w-3xl rounded-2xl"
            />
          )}
          <div className="prose-policy">{children}</div>
          {isBlog && backLink && (
            <div className="mt-12 max-w-3xl border-t border-slate-200 pt-6 no-print">
              <BackLink link={backLink} />
            </div>
          )}
          {index}
          {!isBlog && fm.kind === "page" && (
            <div className="mt-12 flex flex-wrap items-center gap-6 border-t border-slate-200 pt-6 no-print">
              {backLink && <BackLink link={backLink} />}
              <Island of="print" />
              <span className="text-sm text-muted">
                Questions? Write to{" "}
                <a className="link" href={`mailto:${org.email}`}>
                  {org.email}
                </a>
                .
              </span>
            </div>
          )}
        </div>
      </div>
      {isBlog && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: JSON.stringify({
              "@context": "https://schema.org",
              "@type": "BlogPosting",
              headline: fm.title,
              description: fm.summary,
              datePublished: fm.date,
              author: { "@type": "Person", name: fm.author },
              image: fm.image ? absoluteUrl(fm.image) : undefined,
              publisher: { "@type": "Organization", name: org.name, logo: absoluteUrl("/icon-512.png") },
              mainEntityOfPage: absoluteUrl(fm.route),
            }).replace(/</g, "\\u003c"),
          }}
        />
      )}
    </article>
  );
}
