import { describe, expect, it } from "vitest";
import { roundOrder } from "./scenarios";

describe("the order of the sides in the bench's rounds", () => {
  it("measures the two compared sides one right after the other, each first in half the rounds", () => {
    for (const n of [2, 3, 4]) {
      const rounds = Array.from({ length: 8 }, (_, i) => roundOrder(i, n));
      for (const order of rounds) {
        expect([...order].sort()).toEqual(Array.from({ length: n }, (_, k) => k)); // every side once
        expect(Math.abs(order.indexOf(0) - order.indexOf(1))).toBe(1);
      }
      expect(rounds.filter((o) => o.indexOf(0) < o.indexOf(1))).toHaveLength(4);
    }
  });

  it("lets the other sides take turns at the front and before and after the pair", () => {
    const rounds = Array.from({ length: 8 }, (_, i) => roundOrder(i, 4));
    expect(new Set(rounds.map((o) => o[0]))).toEqual(new Set([0, 1, 2, 3]));
    expect(rounds.filter((o) => o[0] >= 2)).toHaveLength(4);
    expect(new Set(rounds.filter((o) => o[0] >= 2).map((o) => o[0]))).toEqual(new Set([2, 3]));
  });
});
