import { describe, expect, it } from "vitest";
import { currentLink } from "./layout";

const links = [
  { to: "/staff" },
  { to: "/staff/items" },
  { to: "/staff/items/statistics" },
  { to: "/staff/items/cut-score" },
  { to: "/staff/orders" },
];

describe("the console's current link", () => {
  it("is the longest link the path is in, so one item is highlighted", () => {
    expect(currentLink(links, "/staff")).toBe("/staff");
    expect(currentLink(links, "/staff/")).toBe("/staff");
    expect(currentLink(links, "/staff/items")).toBe("/staff/items");
    expect(currentLink(links, "/staff/items/42")).toBe("/staff/items");
    expect(currentLink(links, "/staff/items/statistics")).toBe("/staff/items/statistics");
    expect(currentLink(links, "/staff/items/cut-score/")).toBe("/staff/items/cut-score");
    expect(currentLink(links, "/staff/orders/7")).toBe("/staff/orders");
  });

  it("goes by whole segments: /staff/ordersx is not in /staff/orders", () => {
    expect(currentLink(links, "/staff/ordersx")).toBe("/staff");
    expect(currentLink(links, "/account")).toBeUndefined();
  });
});
