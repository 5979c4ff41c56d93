import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { useFailure } from "../StaffConsole";

/**
 * Loads data at once and again every `everyMs` while the tab is visible (the proctor's console). Each answer
 * replaces the data in place: lists keyed by id keep their open forms, what is typed and the focus. A failed
 * refresh keeps the last data and says why; the next success clears it.
 */
export function usePolled<T>(load: () => Promise<T>, everyMs: number) {
  const fail = useFailure();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [receivedAt, setReceivedAt] = useState<number | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const live = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const d = await loadRef.current();
      if (!live.current) return;
      setData(d);
      setReceivedAt(Date.now());
      setError(null);
    } catch (e) {
      if (live.current) setError(fail(e));
    }
  }, [fail]);

  useEffect(() => {
    live.current = true;
    void refresh();
    const timer = setInterval(() => {
      if (!document.hidden) void refresh();
    }, everyMs);
    return () => {
      live.current = false;
      clearInterval(timer);
    };
  }, [refresh, everyMs]);

  return { data, setData, error, refresh, receivedAt };
}

/** The current time, once a second (for the clocks and "last seen" of the live view). */
export function useTicking(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A confirmation said in a FormAlert that takes the focus once it is on screen (the button that led to it
 * may have left the page with the check-in or the session it acted on). Saying the same text again
 * focuses it again.
 */
export function useFocusedNotice() {
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  const say = useCallback((text: string) => setNotice((old) => ({ text, n: (old?.n ?? 0) + 1 })), []);
  return { notice: notice?.text ?? null, say, ref };
}

/**
 * What a card calls with its message when a decision takes it off its polled list: the list without it at
 * once (`without`), the message said where the focus goes (useFocusedNotice: the button pressed has left with
 * the card, not to the page's top), then the list loaded again.
 */
export const leaving =
  <T>(
    { setData, refresh }: { setData: Dispatch<SetStateAction<T | null>>; refresh: () => Promise<void> },
    notice: { say: (text: string) => void },
    without: (data: T) => T,
  ) =>
  (message: string) => {
    setData((d) => (d ? without(d) : d));
    notice.say(message);
    void refresh();
  };
