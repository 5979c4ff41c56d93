import { useCallback, useEffect, useRef, useState } from "react";
import { FRAME_EVERY_MINUTES, FRAME_MIN_INTERVAL_SECONDS, HEARTBEAT_SECONDS } from "~/data/proctoring";
import { ApiError, call } from "~/lib/api/client";
import { cameraProblem, closeCamera, dataUrlOf, grabFrame, openCamera, type CameraProblem } from "~/lib/camera/camera";
import type { Clock } from "~/schemas/exam";
import { frameUploadEndpoint, heartbeatEndpoint, type CandidateMessage } from "~/schemas/proctoring";

export interface Proctoring {
  /** the heartbeat cannot reach the server: the page shows the last time left, stopped */
  offline: boolean;
  /** the proctor paused the exam (the server's clock is stopped) */
  paused: boolean;
  /** minutes the proctor added */
  addedMinutes: number;
  messages: CandidateMessage[];
  /** the newest message, said once by a polite live region */
  announcement: string;
  camera: { video: React.RefObject<HTMLVideoElement | null>; on: boolean; problem: CameraProblem | null };
}

/** The first frame comes this soon after the exam page opens (a random moment in it), in seconds. */
const FIRST_FRAME_SECONDS = { min: 3, max: 12 };

/** A random moment for the next frame: never sooner than the server keeps one, always within FRAME_EVERY_MINUTES. */
export function nextFrameDelayMs(random = Math.random()): number {
  const min = (FRAME_MIN_INTERVAL_SECONDS + 10) * 1000;
  const max = FRAME_EVERY_MINUTES * 60_000 - 30_000;
  return Math.round(min + random * (max - min));
}

/**
 * The proctored side of a running sitting (issue 28.5): a heartbeat every HEARTBEAT_SECONDS that brings the
 * server's clock (a proctor's pause or added time shows at once) and the proctor's messages; the camera on
 * all along, with a frame sent at random moments (at least one every FRAME_EVERY_MINUTES). When the
 * heartbeat cannot reach the server, the time left stops at what the server last said: after a silence of
 * the disconnection window the server pauses the clock from that last contact, and the page resumes from it.
 */
export function useProctoring(
  sittingId: number,
  holderId: string,
  active: boolean,
  handlers: { onClock: (c: Clock) => void; onClosed: () => void },
): Proctoring {
  const [offline, setOffline] = useState(false);
  const [paused, setPaused] = useState(false);
  const [addedMinutes, setAdded] = useState(0);
  const [messages, setMessages] = useState<CandidateMessage[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [cameraOn, setCameraOn] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const lastMessage = useRef(0);
  const lastClock = useRef<Clock | null>(null);
  const on = useRef(handlers);
  on.current = handlers;

  /** The connection is gone: the time left stays at the server's last word, stopped. */
  const freeze = useCallback(() => {
    setOffline(true);
    const c = lastClock.current;
    if (c && !c.paused) on.current.onClock({ ...c, paused: true, deadline: null });
  }, []);

  const beat = useCallback(async () => {
    try {
      const res = await call(heartbeatEndpoint, {
        params: { id: String(sittingId) },
        body: { holderId, afterMessageId: lastMessage.current },
      });
      setOffline(false);
      if (res.status !== "open") return on.current.onClosed();
      lastClock.current = res.clock;
      on.current.onClock(res.clock);
      setPaused(res.clock.paused);
      setAdded(res.clock.minutes.added);
      const fresh = res.messages.filter((m) => m.id > lastMessage.current);
      if (fresh.length) {
        lastMessage.current = Math.max(...fresh.map((m) => m.id));
        setMessages((list) => [...list, ...fresh]);
        setAnnouncement(`Message from the proctor: ${fresh.at(-1)!.text}`);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) freeze();
      // other refusals (another tab holds the exam, it ended) reach the page through its own requests
    }
  }, [sittingId, holderId, freeze]);

  useEffect(() => {
    if (!active) return;
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_SECONDS * 1000);
    const online = () => void beat();
    window.addEventListener("online", online);
    window.addEventListener("offline", freeze);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", freeze);
    };
  }, [active, beat, freeze]);

  // the camera stays on while the exam runs; a frame goes at random moments
  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (ms: number) => {
      timer = setTimeout(() => void send(), ms);
    };
    const send = async () => {
      if (stopped) return;
      const blob = video.current && (await grabFrame(video.current, 320, 0.7));
      if (!blob) return schedule(5000);
      try {
        await call(frameUploadEndpoint, {
          params: { id: String(sittingId) },
          body: { holderId, image: await dataUrlOf(blob) },
        });
        schedule(nextFrameDelayMs());
      } catch (e) {
        // too soon (another tab's frame) or offline: try again later, within the period
        schedule(e instanceof ApiError && e.retryAfter ? e.retryAfter * 1000 + 1000 : 15_000);
      }
    };
    (async () => {
      try {
        stream = await openCamera();
        if (stopped) return closeCamera(stream);
        const v = video.current;
        if (v) {
          v.srcObject = stream;
          await v.play();
        }
        setCameraOn(true);
        setProblem(null);
        const { min, max } = FIRST_FRAME_SECONDS;
        schedule((min + Math.random() * (max - min)) * 1000);
      } catch (e) {
        if (!stopped) setProblem(cameraProblem(e));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      closeCamera(stream);
      setCameraOn(false);
    };
  }, [active, sittingId, holderId]);

  return {
    offline,
    paused,
    addedMinutes,
    messages,
    announcement,
    camera: { video, on: cameraOn, problem },
  };
}
