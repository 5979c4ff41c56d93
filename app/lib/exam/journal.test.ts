import { describe, expect, it } from "vitest";
import { Journal, mergeStates } from "./journal";

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const saved = (position: number, seq: number, choice: string | null = null) => ({
  position,
  seq,
  choice,
  flagged: false,
  struck: [],
});

describe("the exam page's journal of answers", () => {
  it("numbers each change above what the server stored, even when the state it records carries an old seq", () => {
    const j = new Journal(7, new MemoryStorage());
    j.seeSavedSeqs([saved(1, 4, "a"), saved(2, 9, "b")]);
    const merged = mergeStates([saved(1, 4, "a")], []);
    // the state the page holds for question 1 came from the server with seq 4
    const entry = j.record(1, { ...merged.get(1)!, choice: "c" });
    expect(entry).toEqual({ position: 1, seq: 10, choice: "c", flagged: false, struck: [] });
    expect(j.record(1, { choice: "d", flagged: true, struck: [] }).seq).toBe(11);
    expect(j.pending()).toEqual([{ position: 1, seq: 11, choice: "d", flagged: true, struck: [] }]);
  });

  it("keeps unacknowledged answers across a reload and forgets what the server confirmed", () => {
    const storage = new MemoryStorage();
    const j = new Journal(3, storage);
    j.record(5, { choice: "x", flagged: false, struck: [] });
    j.record(6, { choice: "y", flagged: false, struck: ["z"] });
    j.acknowledge([{ position: 5, seq: 1 }]);
    const again = new Journal(3, storage);
    expect(again.pending()).toEqual([{ position: 6, seq: 2, choice: "y", flagged: false, struck: ["z"] }]);
    // a later change after the reload is numbered after everything before it
    expect(again.record(7, { choice: null, flagged: true, struck: [] }).seq).toBe(3);
    // an acknowledgement of an older seq does not drop a newer change
    again.record(6, { choice: "w", flagged: false, struck: [] });
    again.acknowledge([{ position: 6, seq: 2 }]);
    expect(again.pending().map((e) => [e.position, e.seq])).toEqual([
      [6, 4],
      [7, 3],
    ]);
    again.clear();
    expect(new Journal(3, storage).pending()).toEqual([]);
  });

  it("shows the newer of the server's answer and the page's unsent one", () => {
    const merged = mergeStates(
      [saved(1, 3, "server"), saved(2, 8, "server")],
      [
        { position: 1, seq: 5, choice: "page", flagged: false, struck: [] },
        { position: 2, seq: 7, choice: "stale", flagged: false, struck: [] },
      ],
    );
    expect(merged.get(1)!.choice).toBe("page");
    expect(merged.get(2)!.choice).toBe("server");
  });
});
