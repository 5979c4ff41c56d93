import catalog from "virtual:content-catalog";
import { blogFeed, blogImageSize, blogPosts, formatBlogDate } from "~/lib/blog";
import { org } from "~/data/org";
import { pageMeta } from "~/lib/meta";
import { PageHero } from "~/components/PageHero";
import { ExternalIcon } from "~/components/ExternalIcon";

export const meta = () =>
  pageMeta({
    title: "Blog",
    description:
      "News and practical guides from the coalition: paying for IT certification, building an IT career, and what is happening across our member businesses.",
    path: "/blog",
  });

/** Every blog post in the content catalog, newest first: a new MDX file in app/content/blog appears here. */
const posts = blogPosts(catalog);

export default function Blog() {
  return (
    <>
      <PageHero
        id="blog-h1"
        eyebrow={`${org.shortName} blog`}
        title="Blog"
        intro="Practical guides for people building a career in information technology, and news from the coalition."
      >
        <p className="mt-4">
          <a
            href={blogFeed.path}
            type={blogFeed.type}
            className="font-semibold text-gold-300 underline underline-offset-4"
          >
            Follow the blog in a feed reader (Atom feed)
          </a>
        </p>
      </PageHero>
      <section className="container-page py-14 md:py-16" aria-labelledby="blog-posts-title">
        <h2 id="blog-posts-title" className="sr-only">
          Latest posts
        </h2>
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, i) => {
            const date = post.date ?? post.effectiveDate;
            // The newest post is featured: full width, image beside the text on wider screens.
            const featured = i === 0;
            return (
              <li key={post.route} data-testid="blog-card" className={featured ? "md:col-span-2 lg:col-span-3" : ""}>
                <article
                  className={`relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg ${featured ? "md:grid md:grid-cols-2" : ""}`}
                >
                  {post.image && (
                    <img
                      src={post.image}
                      width={blogImageSize.width}
                      height={blogImageSize.height}
                      alt={post.imageAlt ?? ""}
                      className={`h-auto w-full ${featured ? "bg-navy-900 md:h-full md:object-contain" : ""}`}
                    />
                  )}
                  <div className={`flex flex-1 flex-col p-6 ${featured ? "justify-center lg:p-10" : ""}`}>
                    <p className="text-sm text-muted">
                      <time dateTime={date}>{formatBlogDate(date)}</time>
                      {post.author && <> · By {post.author}</>}
                    </p>
                    <h3 className={`mt-2 font-bold text-navy-900 ${featured ? "text-2xl lg:text-3xl" : "text-xl"}`}>
                      <a
                        href={post.route}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline"
                      >
                        {post.title}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </h3>
                    <p className={`mt-3 leading-relaxed ${featured ? "" : "flex-1"}`}>{post.excerpt ?? post.summary}</p>
                    <p className="mt-5 text-sm font-semibold text-brand-700" aria-hidden="true">
                      Read the article (opens in a new tab)
                      <ExternalIcon />
                    </p>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
