import { describe, expect, it } from "vitest";
import { LOG_BUFFER_BYTES, LogBuffer } from "./log-buffer";

/** A buffer whose hand-overs are kept, and what it wrote as text. */
function gathered() {
  const outs: Buffer[] = [];
  const buffer = new LogBuffer((b) => void outs.push(Buffer.from(b)));
  const text = () => (buffer.handOver(), Buffer.concat(outs).toString("utf8"));
  return { buffer, outs, text };
}

describe("the log buffer", () => {
  it("writes integers and tenths of a millisecond as JSON writes the rounded number", () => {
    const samples = [0, 1, 9, 10, 99, 100, 1234, 1796535847725, 2 ** 31, Number.MAX_SAFE_INTEGER];
    for (const n of samples) {
      const g = gathered();
      g.buffer.int(n);
      expect(g.text()).toBe(JSON.stringify(n));
    }
    const durations = [0, 0.04, 0.05, 0.1, 0.45, 0.96, 1, 2.5, 12.34, 99.95, 1234.56, 60_000.01];
    for (let i = 0; i < 2000; i++) durations.push(Math.random() * 10 ** (i % 6));
    for (const ms of durations) {
      const g = gathered();
      g.buffer.tenths(Math.round(ms * 10) / 10); // callers round, as the string line does
      g.buffer.bytes(Buffer.from(" "));
      g.buffer.tenths(ms); // and the buffer rounds the same way
      const rounded = JSON.stringify(Math.round(ms * 10) / 10);
      expect(g.text()).toBe(`${rounded} ${rounded}`);
    }
  });

  it("writes epoch-millisecond times as int() does, again and again, whether or not the time changed", () => {
    const g = gathered();
    const times = [1796535847725, 1796535847725, 1796535847726, 1796535847726, 1796535847726, 999, 999, 10_000, 0, 0];
    for (const t of times) {
      g.buffer.time(t);
      g.buffer.bytes(Buffer.from(","));
    }
    expect(g.text()).toBe(`${times.join(",")},`);
  });

  it("writes strings as JSON does: ASCII as it is, anything else escaped", () => {
    for (const s of ["/", "/assets/react-kqKdCICj.js", "GET", "/a b", '/a"b', "/a\\b", "/tab\there", "/é", "/\u2028"]) {
      const g = gathered();
      g.buffer.json(s);
      expect(g.text()).toBe(JSON.stringify(s));
    }
  });

  it("makes random version 4 UUIDs, each one new", () => {
    const g = gathered();
    const n = 1000; // more than one batch of random bytes (128 ids)
    for (let i = 0; i < n; i++) {
      g.buffer.uuid();
      g.buffer.bytes(Buffer.from("\n"));
    }
    const ids = g
      .text()
      .trim()
      .split("\n")
      .map((s) => JSON.parse(s) as string);
    expect(ids).toHaveLength(n);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(n);
  });

  it("hands over whole lines when the buffer fills, in order, and a line bigger than the buffer alone", () => {
    const g = gathered();
    const line = (i: number) => `{"i":${i},"text":"${"é".repeat(50)}"}\n`;
    let expected = "";
    for (let i = 0; i < 2000; i++) {
      g.buffer.text(line(i));
      expected += line(i);
    }
    expect(g.outs.length).toBeGreaterThan(1);
    for (const out of g.outs) {
      expect(out.length).toBeLessThanOrEqual(LOG_BUFFER_BYTES);
      expect(out.toString("utf8").endsWith("\n")).toBe(true); // nothing cut in the middle of a line
    }
    const big = `{"big":"${"x".repeat(LOG_BUFFER_BYTES)}"}\n`;
    g.buffer.text(big);
    g.buffer.text(line(-1));
    expect(g.text()).toBe(expected + big + line(-1));
  });

  it("hands over nothing when it holds nothing", () => {
    const g = gathered();
    g.buffer.handOver();
    expect(g.outs).toHaveLength(0);
  });
});
