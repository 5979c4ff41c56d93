import type { PositionState } from "~/schemas/exam";

/** One question's answer as the candidate left it. */
export interface AnswerState {
  choice: string | null;
  flagged: boolean;
  struck: string[];
}
export interface JournalEntry extends AnswerState {
  position: number;
  seq: number;
}

/**
 * The page's journal of answers not yet confirmed by the server (issue 27.5, DESIGN "The exam engine"):
 * every change is written here first, with its question and an increasing sequence number, and removed
 * once the server acknowledges that sequence number. It lives in localStorage, so answers given while
 * offline survive a reload or a closed tab and are sent when the page is back. The server applies a save
 * only when its sequence number is newer than the one stored, so sending an entry twice, or late, never
 * puts an older answer over a newer one.
 */
export class Journal {
  private entries = new Map<number, JournalEntry>();
  private seq = 0;
  private readonly key: string;

  constructor(
    sittingId: number,
    private readonly storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null = safeStorage(),
  ) {
    this.key = `citb-exam-journal:${sittingId}`;
    try {
      const raw = this.storage?.getItem(this.key);
      if (raw) {
        const parsed = JSON.parse(raw) as { seq: number; entries: JournalEntry[] };
        this.seq = Number(parsed.seq) || 0;
        for (const e of parsed.entries ?? []) this.entries.set(e.position, e);
      }
    } catch {
      // an unreadable journal is dropped: the server's answers still stand
    }
  }

  /** Starts numbering above everything the server has stored (another device may have saved later). */
  seeSavedSeqs(saved: PositionState[]) {
    for (const s of saved) this.seq = Math.max(this.seq, s.seq);
  }

  /** Records a change; returns the entry to send. */
  record(position: number, state: AnswerState): JournalEntry {
    this.seq += 1;
    // only the answer's own fields: a state read back from the server also carries its old seq
    const entry: JournalEntry = {
      position,
      seq: this.seq,
      choice: state.choice,
      flagged: state.flagged,
      struck: [...state.struck],
    };
    this.entries.set(position, entry);
    this.persist();
    return entry;
  }

  /** Entries the server has not confirmed yet, oldest question first. */
  pending(): JournalEntry[] {
    return [...this.entries.values()].sort((a, b) => a.position - b.position);
  }

  /** The server confirmed (or superseded) these sequence numbers: their entries are done. */
  acknowledge(results: { position: number; seq: number }[]) {
    for (const r of results) {
      const e = this.entries.get(r.position);
      if (e && e.seq <= r.seq) this.entries.delete(r.position);
    }
    this.persist();
  }

  /** Forgets the journal (the sitting ended: the server has scored what it had). */
  clear() {
    this.entries.clear();
    this.storage?.removeItem(this.key);
  }

  private persist() {
    try {
      if (this.entries.size === 0) this.storage?.setItem(this.key, JSON.stringify({ seq: this.seq, entries: [] }));
      else this.storage?.setItem(this.key, JSON.stringify({ seq: this.seq, entries: this.pending() }));
    } catch {
      // storage full or refused: the answers are still in memory and sent while the page is open
    }
  }
}

/**
 * Merges what the server stored with what this page has not sent yet: the newer sequence number wins, so
 * after a reload the page shows every answer, including those given while offline.
 */
export function mergeStates(
  saved: PositionState[],
  pending: JournalEntry[],
): Map<number, AnswerState & { seq: number }> {
  const out = new Map<number, AnswerState & { seq: number }>();
  for (const s of saved) out.set(s.position, { choice: s.choice, flagged: s.flagged, struck: s.struck, seq: s.seq });
  for (const e of pending) {
    const have = out.get(e.position);
    if (!have || e.seq > have.seq) out.set(e.position, e);
  }
  return out;
}

function safeStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
