import { useCallback, useEffect, useRef, useState } from "react";
import { call, ApiError, apiMessage } from "~/lib/api/client";
import {
  saveAnswersEndpoint,
  sittingItemEndpoint,
  sittingReportEndpoint,
  sittingStateEndpoint,
  submitSittingEndpoint,
  takeoverEndpoint,
  type CandidateItem,
  type Clock,
  type ScoreReport,
  type SittingState,
} from "~/schemas/exam";
import { fromServer, type ServerClock } from "~/lib/exam/clock";
import { Journal, mergeStates, type AnswerState } from "~/lib/exam/journal";

export type Connection = "saved" | "saving" | "offline";
export type Phase =
  | { kind: "loading" }
  | { kind: "held-elsewhere"; message: string }
  | { kind: "taken-over"; message: string }
  | { kind: "running" }
  | { kind: "ended" }
  /** ended without a score (a proctor, or no return after a lost connection): the reason and the appeal route */
  | { kind: "ended-without-score"; message: string }
  | { kind: "error"; message: string };

const RETRY_MS = 5000;
const REFRESH_MS = 60_000;

/**
 * One sitting as the exam page runs it: its state from the server, the question shown, every answer
 * written to the journal and sent at once (in one request with anything still pending), the server's
 * clock, and what happens when the network drops, another tab takes over, or the time runs out.
 */
export function useSitting(sittingId: number, holderId: string) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [itemCount, setItemCount] = useState(0);
  const [position, setPosition] = useState(1);
  const [item, setItem] = useState<CandidateItem | null>(null);
  const [answers, setAnswers] = useState<Map<number, AnswerState>>(new Map());
  const [clock, setClock] = useState<ServerClock | null>(null);
  const [connection, setConnection] = useState<Connection>("saved");
  const [eslNote, setEslNote] = useState<string | null>(null);
  const [examTitle, setExamTitle] = useState("");
  /** bumped to fetch the question again (after the connection returns) */
  const [itemAttempt, setItemAttempt] = useState(0);
  const journal = useRef<Journal | null>(null);
  const sending = useRef(false);
  const again = useRef(false);
  const stopped = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** the latest flush, for the retry timer and a save that arrives while one is in flight */
  const flushRef = useRef<() => Promise<void>>(async () => {});

  const takeClock = useCallback((c: Clock) => setClock(fromServer(c)), []);

  /**
   * The server says the sitting is no longer open: scored (its report opens), or ended without a score by a
   * proctor or the return window (the report's refusal carries the reason, shown here with the appeal route).
   */
  const closedByServer = useCallback(async () => {
    stopped.current = true;
    journal.current?.clear();
    try {
      await call(sittingReportEndpoint, { params: { id: String(sittingId) } });
      setPhase({ kind: "ended" });
    } catch (e) {
      if (e instanceof ApiError && e.body.error === "attempt_ended")
        setPhase({ kind: "ended-without-score", message: e.body.message });
      else setPhase({ kind: "ended" });
    }
  }, [sittingId]);

  /** An error that ends this page's work on the sitting; true when handled. */
  const handleStop = useCallback(
    (e: unknown): boolean => {
      if (!(e instanceof ApiError)) return false;
      if (e.body.error === "taken_over") {
        stopped.current = true;
        setPhase({ kind: "taken-over", message: e.body.message });
        return true;
      }
      if (e.body.error === "attempt_closed") {
        void closedByServer();
        return true;
      }
      if (e.body.error === "held_elsewhere") {
        setPhase({ kind: "held-elsewhere", message: e.body.message });
        return true;
      }
      return false;
    },
    [closedByServer],
  );

  const applyState = useCallback(
    (s: SittingState) => {
      if (s.status !== "open") {
        void closedByServer();
        return;
      }
      const j = (journal.current ??= new Journal(sittingId));
      j.seeSavedSeqs(s.positions);
      setAnswers(mergeStates(s.positions, j.pending()));
      setItemCount(s.itemCount);
      setExamTitle(s.examTitle);
      setEslNote(s.eslNote);
      takeClock(s.clock);
      setPosition((p) => (p === 1 ? Math.max(1, s.lastPosition) : p));
      setPhase({ kind: "running" });
    },
    [sittingId, takeClock, closedByServer],
  );

  /** Sends every pending answer in one request; on a network failure, keeps them and tries again. */
  const flush = useCallback(async () => {
    const j = journal.current;
    if (!j || stopped.current) return;
    if (sending.current) {
      again.current = true;
      return;
    }
    const pending = j.pending();
    if (pending.length === 0) {
      setConnection("saved");
      return;
    }
    sending.current = true;
    setConnection("saving");
    try {
      const res = await call(saveAnswersEndpoint, {
        params: { id: String(sittingId) },
        body: {
          holderId,
          saves: pending.map(({ position: p, seq, choice, flagged, struck }) => ({
            position: p,
            seq,
            choice,
            flagged,
            struck,
          })),
        },
      });
      j.acknowledge(res.results);
      // what the server holds is what counts: a save it did not apply (an older one) shows its state
      const waiting = new Set(j.pending().map((e) => e.position));
      setAnswers((prev) => {
        const next = new Map(prev);
        for (const s of res.saved)
          if (!waiting.has(s.position))
            next.set(s.position, { choice: s.choice, flagged: s.flagged, struck: s.struck });
        return next;
      });
      takeClock(res.clock);
      setConnection(j.pending().length ? "saving" : "saved");
    } catch (e) {
      if (!handleStop(e)) {
        setConnection("offline");
        clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(() => void flushRef.current(), RETRY_MS);
      }
    } finally {
      sending.current = false;
    }
    if (again.current) {
      again.current = false;
      void flushRef.current();
    }
  }, [sittingId, holderId, takeClock, handleStop]);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  const load = useCallback(async () => {
    try {
      const { sitting } = await call(sittingStateEndpoint, {
        params: { id: String(sittingId) },
        query: { holderId },
      });
      applyState(sitting);
      void flush();
    } catch (e) {
      if (handleStop(e)) return;
      setPhase({
        kind: "error",
        message: apiMessage(e, "Your exam could not be loaded. Check your connection and reload."),
      });
    }
  }, [sittingId, holderId, applyState, flush, handleStop]);

  useEffect(() => {
    void load();
  }, [load]);

  // the question shown: fetched from the server one at a time
  useEffect(() => {
    if (phase.kind !== "running") return;
    let cancelled = false;
    setItem((current) => (current?.position === position ? current : null));
    call(sittingItemEndpoint, {
      params: { id: String(sittingId), position: String(position) },
      query: { holderId },
    })
      .then((res) => {
        if (cancelled) return;
        setItem(res.item);
        takeClock(res.clock);
      })
      .catch((e) => {
        if (cancelled || handleStop(e)) return;
        if (e instanceof ApiError && e.status === 0) setConnection("offline");
        else
          setPhase({
            kind: "error",
            message: apiMessage(e, "This question could not be loaded."),
          });
      });
    return () => {
      cancelled = true;
    };
    // phase.kind only: a new phase object of the same kind must not refetch
  }, [position, itemAttempt, phase.kind, sittingId, holderId, takeClock, handleStop]);

  // back online: send what waited, and fetch the question if it could not be loaded
  useEffect(() => {
    const online = () => {
      void flush();
      if (!item || item.position !== position) setItemAttempt((n) => n + 1);
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [flush, item, position]);

  // the clock and the holder checked now and then (a proctor's change, another tab taking over)
  useEffect(() => {
    if (phase.kind !== "running") return;
    const timer = setInterval(() => {
      call(sittingStateEndpoint, { params: { id: String(sittingId) }, query: { holderId } })
        .then(({ sitting }) => {
          if (sitting.status !== "open") void closedByServer();
          else takeClock(sitting.clock);
        })
        .catch((e) => void handleStop(e));
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [phase.kind, sittingId, holderId, takeClock, handleStop, closedByServer]);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  /** Records a change to one question and sends it. */
  const change = useCallback(
    (p: number, next: AnswerState) => {
      if (stopped.current) return;
      const j = (journal.current ??= new Journal(sittingId));
      j.record(p, next);
      setAnswers((prev) => new Map(prev).set(p, next));
      void flush();
    },
    [sittingId, flush],
  );

  const takeOver = useCallback(async () => {
    setPhase({ kind: "loading" });
    try {
      const { sitting } = await call(takeoverEndpoint, { params: { id: String(sittingId) }, body: { holderId } });
      stopped.current = false;
      applyState(sitting);
      void flush();
    } catch (e) {
      if (!handleStop(e))
        setPhase({
          kind: "error",
          message: apiMessage(e, "The exam could not be moved here."),
        });
    }
  }, [sittingId, holderId, applyState, flush, handleStop]);

  /** Sends what is pending, then submits; resolves with the report. */
  const submit = useCallback(async (): Promise<ScoreReport | null> => {
    await flush();
    if (journal.current?.pending().length) {
      // still offline: the answers must reach the server before it scores them
      throw new ApiError(0, {
        error: "network_error",
        message: "Some answers have not reached our server yet. Check your connection; we will keep trying.",
      });
    }
    try {
      const { report } = await call(submitSittingEndpoint, { params: { id: String(sittingId) }, body: { holderId } });
      stopped.current = true;
      journal.current?.clear();
      setPhase({ kind: "ended" });
      return report;
    } catch (e) {
      if (handleStop(e)) return null;
      throw e;
    }
  }, [sittingId, holderId, flush, handleStop]);

  /** The time ran out on this page's clock: the server closes and scores the sitting; ask it. */
  const timeUp = useCallback(async () => {
    await flush();
    try {
      const { sitting } = await call(sittingStateEndpoint, { params: { id: String(sittingId) }, query: { holderId } });
      if (sitting.status !== "open") void closedByServer();
      else takeClock(sitting.clock);
    } catch (e) {
      handleStop(e);
    }
  }, [sittingId, holderId, flush, takeClock, handleStop, closedByServer]);

  return {
    phase,
    examTitle,
    itemCount,
    position,
    setPosition,
    item,
    answers,
    clock,
    connection,
    eslNote,
    change,
    takeOver,
    submit,
    timeUp,
    takeClock,
    closedByServer,
  };
}
