import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

const origin = "https://citb.example";

describe("safeNext", () => {
  it.each([
    ["/account/exams", "/account/exams"],
    ["/staff/orders?q=ada#top", "/staff/orders?q=ada#top"],
    ["/special-accommodations", "/special-accommodations"],
  ])("follows a path of the site: %s", (next, to) => {
    expect(safeNext(next, origin)).toBe(to);
  });

  it.each([
    "/\\evil.example/path",
    "/%5Cevil.example/path",
    "/\t/evil.example/",
    "//evil.example/",
    "https://evil.example/",
    "javascript:alert(1)",
    "\\\\evil.example",
    " /\\evil.example",
    "/\n/evil.example",
    "evil.example",
  ])("refuses what the browser would read as another host or scheme: %j", (next) => {
    const to = safeNext(decodeURIComponent(next), origin);
    expect(to).toBe("/account");
    expect(new URL(to, origin).origin).toBe(origin);
  });

  it("goes to the account without a parameter", () => {
    expect(safeNext(null, origin)).toBe("/account");
    expect(safeNext("", origin)).toBe("/account");
  });
});
