import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { assetsInHtml, budgetFor, measurePage, overBudget, staticImports, type BudgetFile } from "./budgets";

const budgets: BudgetFile = {
  default: { js: 120, css: 12 },
  routes: [{ paths: ["/credentials"], js: 142 }],
};

describe("the first-load budget check", () => {
  it("finds scripts, module preloads, stylesheets and inline module imports, not images or icons", () => {
    const html = `<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js"/>
      <link rel="stylesheet" href="/assets/s.css#"/><img src="/images/x.svg">
      <script type="module">import "/assets/m.js"; import * as r from "/assets/r.js";</script>`;
    expect(assetsInHtml(html).sort()).toEqual(["/assets/a.js", "/assets/m.js", "/assets/r.js", "/assets/s.css"]);
  });

  it("follows static imports and leaves dynamic import() chunks out", () => {
    const code = `import{a as b}from"./framework.js";import"./side.js";const d=()=>import("./dialog.js");`;
    expect(staticImports(code, "/assets/page.js")).toEqual(["/assets/framework.js", "/assets/side.js"]);
  });

  it("uses a route's own line, else the default", () => {
    expect(budgetFor("/credentials", budgets)).toEqual({ js: 142, css: 12 });
    expect(budgetFor("/testing/refund-policy", budgets)).toEqual({ js: 120, css: 12 });
  });

  it("covers a section with a prefix (the longest wins), below an exact line", () => {
    const sections: BudgetFile = {
      default: { js: 100, css: 12 },
      routes: [
        { paths: ["/staff/login"], js: 130 },
        { prefixes: ["/staff"], js: 180 },
        { prefixes: ["/staff/reports"], js: 200, css: 20 },
      ],
    };
    expect(budgetFor("/staff", sections)).toEqual({ js: 180, css: 12 });
    expect(budgetFor("/staff/candidates/list", sections)).toEqual({ js: 180, css: 12 });
    expect(budgetFor("/staff/reports/year", sections)).toEqual({ js: 200, css: 20 });
    expect(budgetFor("/staff/login", sections)).toEqual({ js: 130, css: 12 });
    expect(budgetFor("/staffing", sections)).toEqual({ js: 100, css: 12 }); // not below /staff
    expect(overBudget([{ route: "/staff/login", js: 1, css: 1, files: [] }], sections)).toEqual([
      "/staff/reports: a prefix in budgets.json with no page in the build",
    ]);
  });

  it("fails a page over its JavaScript or CSS budget, and a budget line for a page that is not built", () => {
    const pages = [
      { route: "/testing/refund-policy", js: 120.1, css: 3, files: [] },
      { route: "/about", js: 100, css: 12.5, files: [] },
    ];
    expect(overBudget(pages, budgets)).toEqual([
      "/testing/refund-policy: JavaScript 120.1 KiB > 120 KiB",
      "/about: CSS 12.5 KiB > 12 KiB",
      "/credentials: named in budgets.json but not in the build",
    ]);
    expect(overBudget([{ route: "/credentials", js: 141.9, css: 9, files: [] }], budgets)).toEqual([]);
  });

  it("measures a built page: gzip sizes of what it loads, transitively", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budget-"));
    fs.mkdirSync(path.join(dir, "assets"));
    const big = "x".repeat(5000) + Math.random().toString(36).repeat(200);
    fs.writeFileSync(path.join(dir, "assets/entry.js"), `import"./dep.js";const l=()=>import("./lazy.js");`);
    fs.writeFileSync(path.join(dir, "assets/dep.js"), big);
    fs.writeFileSync(path.join(dir, "assets/lazy.js"), big + "lazy");
    fs.writeFileSync(path.join(dir, "assets/s.css"), "body{color:red}");
    fs.writeFileSync(
      path.join(dir, "index.html"),
      `<link rel="stylesheet" href="/assets/s.css"/><script type="module" src="/assets/entry.js"></script>`,
    );
    const page = measurePage(dir, "/");
    expect(page.files).toEqual(["/assets/dep.js", "/assets/entry.js", "/assets/s.css"]);
    const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length / 1024;
    expect(page.js).toBeCloseTo(gz("assets/entry.js") + gz("assets/dep.js"), 5);
    expect(page.css).toBeCloseTo(gz("assets/s.css"), 5);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("counts the chunks of a page's islands when the page is served as islands, and only then", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "budget-"));
    const dir = path.join(root, "client");
    fs.mkdirSync(path.join(dir, "assets"), { recursive: true });
    const big = (s: string) => s + "x".repeat(3000) + Math.random().toString(36).repeat(100);
    fs.writeFileSync(path.join(dir, "assets/islands-abc.js"), `const l=()=>import("./Search.js");`);
    fs.writeFileSync(path.join(dir, "assets/Search.js"), `import"./lib.js";` + big("search"));
    fs.writeFileSync(path.join(dir, "assets/lib.js"), big("lib"));
    fs.writeFileSync(path.join(dir, "assets/Other.js"), big("other"));
    fs.writeFileSync(
      path.join(root, "islands.json"),
      JSON.stringify({ nav: [], search: ["/assets/Search.js", "/assets/lib.js"], other: ["/assets/Other.js"] }),
    );
    const islandsPage = `<div data-island="nav"></div><div data-island="search" data-props="{}"></div><script type="module" src="/assets/islands-abc.js"></script>`;
    fs.writeFileSync(path.join(dir, "index.html"), islandsPage);
    expect(measurePage(dir, "/").files).toEqual(["/assets/Search.js", "/assets/islands-abc.js", "/assets/lib.js"]);
    // the same markers in a page of the app (React Router hydrates it whole) load nothing of their own
    fs.writeFileSync(path.join(dir, "index.html"), islandsPage.replace("islands-abc.js", "entry.client-x.js"));
    fs.writeFileSync(path.join(dir, "assets/entry.client-x.js"), "");
    expect(measurePage(dir, "/").files).toEqual(["/assets/entry.client-x.js"]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
