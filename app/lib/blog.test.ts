import { describe, expect, test } from "vitest";
import { blogPosts, formatBlogDate } from "~/lib/blog";
import type { CatalogEntry } from "~/content/schema.server";

describe("formatBlogDate", () => {
  test("formats the post date as the spec shows it", () => {
    expect(formatBlogDate("2024-08-01")).toBe("01 Aug 2024");
  });
  test("keeps two-digit days and short months all year", () => {
    expect(formatBlogDate("2025-12-31")).toBe("31 Dec 2025");
    expect(formatBlogDate("2024-01-09")).toBe("09 Jan 2024");
  });
  test("returns anything that is not a date unchanged", () => {
    expect(formatBlogDate("soon")).toBe("soon");
    expect(formatBlogDate("2024-13-01")).toBe("2024-13-01");
  });
});

describe("blogPosts", () => {
  const entry = (route: string, section: CatalogEntry["section"], date?: string): CatalogEntry => ({
    title: route,
    summary: "A summary sentence long enough for the schema.",
    route,
    section,
    kind: "page",
    effectiveDate: "2024-01-01",
    version: "1.0",
    date,
    file: `${route}.mdx`,
    readingMinutes: 1,
  });
  test("keeps only blog posts, newest first", () => {
    const posts = blogPosts([
      entry("/blog/a", "blog", "2024-08-01"),
      entry("/testing/x", "testing"),
      entry("/blog/b", "blog", "2025-02-10"),
    ]);
    expect(posts.map((p) => p.route)).toEqual(["/blog/b", "/blog/a"]);
  });
});
