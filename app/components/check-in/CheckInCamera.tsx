import { useEffect, useRef, useState } from "react";
import { CameraPreview } from "~/lib/camera/camera-preview";
import { AREA_PHOTOS, ROOM_SCAN_FRAMES, ROOM_SCAN_INTERVAL_MS } from "~/data/booking";
import { SYSTEM_CHECK_PATH } from "~/data/system-check";
import { cameraProblem, closeCamera, dataUrlOf, grabFrame, openCamera, type CameraProblem } from "~/lib/camera/camera";

/** The photos check-in takes, in the order the page asks for them (the server's file roles). */
export const SHOTS = [
  { key: "photo", role: "photo", label: "Your photo", hint: "Face the camera, nothing covering your face." },
  { key: "idFront", role: "idFront", label: "ID, front", hint: "Hold the front of your ID close to the camera." },
  { key: "idBack", role: "idBack", label: "ID, back", hint: "Turn the ID over and hold it close to the camera." },
  ...Array.from({ length: AREA_PHOTOS }, (_, i) => ({
    key: `area${i + 1}`,
    role: "area",
    label: `Testing area ${i + 1} of ${AREA_PHOTOS}`,
    hint:
      ["Your desk, from where you sit.", "The wall behind your screen.", "Your left side.", "Your right side."][i] ??
      "",
  })),
] as const;
export type ShotKey = (typeof SHOTS)[number]["key"];
export interface Photos {
  shots: Partial<Record<ShotKey, Blob>>;
  room: Blob[];
}

/** A thumbnail of a taken photo (a data: URL: the pages' CSP allows data: images, not blob: ones). */
function Thumb({ blob, alt }: { blob: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    dataUrlOf(blob).then(
      (u) => alive && setUrl(u),
      () => alive && setUrl(null),
    );
    return () => {
      alive = false;
    };
  }, [blob]);
  return url ? (
    <img src={url} alt={alt} className="h-20 w-28 rounded-md bg-slate-200 object-cover" />
  ) : (
    <span className="block h-20 w-28 rounded-md bg-slate-200" />
  );
}

/**
 * The camera part of check-in (issue 28.3): the preview, each photo taken from it with a thumbnail to check
 * and retake, and the room scan (frames taken automatically while the candidate turns the camera, with
 * progress). The camera opens with the system check's own code (~/lib/camera/camera).
 */
export function CheckInCamera({ photos, onChange }: { photos: Photos; onChange: (p: Photos) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<"off" | "opening" | "on">("off");
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [scanning, setScanning] = useState<number | null>(null);
  const [said, setSaid] = useState("");
  const latest = useRef(photos);
  latest.current = photos;

  useEffect(() => () => closeCamera(stream.current), []);

  const start = async () => {
    setState("opening");
    setProblem(null);
    try {
      const s = await openCamera();
      stream.current = s;
      const v = video.current!;
      v.srcObject = s;
      await v.play();
      setState("on");
    } catch (e) {
      closeCamera(stream.current);
      stream.current = null;
      setProblem(cameraProblem(e));
      setState("off");
    }
  };

  const take = async (key: ShotKey, label: string) => {
    const blob = video.current && (await grabFrame(video.current));
    if (!blob) return setSaid("The camera has no picture yet. Wait a moment and try again.");
    onChange({ ...latest.current, shots: { ...latest.current.shots, [key]: blob } });
    setSaid(`${label}: taken.`);
  };

  const scan = async () => {
    const frames: Blob[] = [];
    setScanning(0);
    setSaid("");
    for (let i = 0; i < ROOM_SCAN_FRAMES; i++) {
      await new Promise((r) => setTimeout(r, ROOM_SCAN_INTERVAL_MS));
      const blob = video.current && (await grabFrame(video.current, 480, 0.7));
      if (blob) frames.push(blob);
      setScanning(i + 1);
    }
    setScanning(null);
    onChange({ ...latest.current, room: frames });
    setSaid(`Room scan finished: ${frames.length} frames taken.`);
  };

  const on = state === "on";
  return (
    <section aria-labelledby="camera-heading" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h2 id="camera-heading" className="text-2xl font-bold text-navy-900">
        Photos and room scan
      </h2>
      <p>
        The camera takes a photo of you (it goes on your score report), the front and back of your ID, {AREA_PHOTOS}{" "}
        photos of your testing area and a room scan. Only you and our proctors see them.
      </p>
      {problem && (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4">
          <p className="font-semibold">The camera could not be used: {problem.summary}</p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
            {problem.fixes.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            Then run the{" "}
            <a href={SYSTEM_CHECK_PATH} className="link">
              system check
            </a>{" "}
            again in this browser and come back to check in.
          </p>
        </div>
      )}
      {!on && (
        <button type="button" className="btn-primary" onClick={() => void start()} disabled={state === "opening"}>
          {state === "opening" ? "Starting the camera…" : problem ? "Try the camera again" : "Start the camera"}
        </button>
      )}
      <CameraPreview video={video} shown={on} testId="check-in-preview" />
      <p className="sr-only" role="status">
        {said}
      </p>

      <ul className="grid gap-3 sm:grid-cols-2">
        {SHOTS.map((s) => {
          const blob = photos.shots[s.key];
          return (
            <li
              key={s.key}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-3"
              data-shot={s.key}
            >
              {blob ? (
                <Thumb blob={blob} alt={s.label} />
              ) : (
                <span className="block h-20 w-28 rounded-md bg-slate-100" />
              )}
              <div className="min-w-0">
                <p className="font-semibold">{s.label}</p>
                <p className="text-sm text-muted">{s.hint}</p>
                <button
                  type="button"
                  className="btn-outline mt-1"
                  disabled={!on || scanning !== null}
                  onClick={() => void take(s.key, s.label)}
                  aria-label={`${blob ? "Retake" : "Take"}: ${s.label}`}
                >
                  {blob ? "Retake" : "Take"}
                </button>
              </div>
            </li>
          );
        })}
      </ul>

      <div className="rounded-lg border border-slate-200 p-4">
        <h3 className="font-semibold">Room scan</h3>
        <p className="text-sm">
          Press the button, then slowly turn the camera (or your laptop) all the way around the room, then show the desk
          surface. It takes {ROOM_SCAN_FRAMES} pictures, one every {ROOM_SCAN_INTERVAL_MS / 1000} second.
        </p>
        {scanning !== null && (
          <div className="mt-2">
            <label htmlFor="room-scan-progress" className="text-sm font-semibold">
              Room scan: frame {scanning} of {ROOM_SCAN_FRAMES}
            </label>
            <progress id="room-scan-progress" className="block w-full" max={ROOM_SCAN_FRAMES} value={scanning} />
          </div>
        )}
        {photos.room.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Room scan frames">
            {photos.room.map((b, i) => (
              <li key={i}>
                <Thumb blob={b} alt={`Room scan frame ${i + 1}`} />
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="btn-outline mt-2"
          disabled={!on || scanning !== null}
          onClick={() => void scan()}
        >
          {photos.room.length ? "Scan the room again" : "Start the room scan"}
        </button>
      </div>
    </section>
  );
}
