import type { Element, ElementContent, Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * Every Markdown table of a content page, wrapped once for all pages: a keyboard-focusable region
 * that scrolls the table sideways on a narrow screen (the page itself never scrolls sideways),
 * named by the heading above the table. Runs after rehype-slug, which gives headings their ids.
 * The look is `.prose-policy .table-scroll` in app/app.css.
 */
export const rehypeTables: import("unified").Plugin<[], Root> = () => (tree) => {
  let headingId: string | undefined;
  let headingText = "";
  visit(tree, "element", (node: Element, index, parent) => {
    if (/^h[2-6]$/.test(node.tagName) && typeof node.properties.id === "string") {
      headingId = node.properties.id;
      headingText = textOf(node);
      return;
    }
    if (node.tagName !== "table" || !parent || index === undefined) return;
    if (parent.type === "element" && parent.properties.className?.toString().includes("table-scroll")) return;
    const label = headingId ? { ariaLabelledBy: [headingId] } : { ariaLabel: headingText || "Table" };
    // Column headers say so; the first cell of each body row names its row.
    // (Rows are visited before their cells, so a body row's first cell is a row header by then.)
    visit(node, "element", (el: Element) => {
      if (el.tagName === "tr") {
        const first = el.children.find((c): c is Element => c.type === "element");
        if (first?.tagName === "td")
          Object.assign(first, { tagName: "th", properties: { ...first.properties, scope: "row" } });
      }
      if (el.tagName === "th") el.properties.scope ??= "col";
    });
    const wrapper: Element = {
      type: "element",
      tagName: "div",
      properties: { className: ["table-scroll"], role: "region", tabIndex: 0, ...label },
      children: [node],
    };
    parent.children[index] = wrapper;
  });
};

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}
