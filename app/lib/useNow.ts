import { useEffect, useState } from "react";

/** The clock of a page: now, read again every `everyMs` (a window opens or closes while the page is open). */
export function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
