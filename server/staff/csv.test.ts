import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvField("plain")).toBe("plain");
    expect(csvField(null)).toBe("");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const bad of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(csvField(bad).replace(/^"/, "")).toMatch(/^'/);
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
  });

  it("writes a header row and CRLF line ends", () => {
    const csv = toCsv([{ header: "A", value: (r: { a: number }) => r.a }], [{ a: 1 }, { a: 2 }]);
    expect(csv).toBe("A\r\n1\r\n2\r\n");
  });
});
