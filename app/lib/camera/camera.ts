import { BROWSER_ID_KEY } from "~/data/booking";

/**
 * The camera as the system check, check-in and the exam page use it (issue 28): one way to open it, one
 * way to say why it failed and how to fix it, one way to take a JPEG frame from its preview. The system
 * check passing therefore means the same code works at check-in and during the exam.
 */

/** This browser's id for the system check (kept in localStorage): check-in asks for a pass in the same browser. */
export function browserId(): string {
  try {
    let id = localStorage.getItem(BROWSER_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(BROWSER_ID_KEY, id);
    }
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

export interface CameraProblem {
  summary: string;
  fixes: string[];
}

/** Thrown by openCamera when the browser has no camera API on this page. */
export class NoCameraApiError extends Error {
  override name = "NoCameraApiError";
}

/** Opens the camera (video only). Throws the browser's DOMException, or NoCameraApiError. */
export async function openCamera(): Promise<MediaStream> {
  if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) throw new NoCameraApiError();
  return navigator.mediaDevices.getUserMedia({ video: true, audio: false });
}

/** Stops every track of a stream (the camera light goes off). */
export function closeCamera(stream: MediaStream | null | undefined) {
  stream?.getTracks().forEach((t) => t.stop());
}

/** Why the camera could not be opened, in words, with what to do about it: by the name of the error. */
export function cameraProblem(error: unknown): CameraProblem {
  switch (error instanceof Error ? error.name : "") {
    case "NoCameraApiError":
      return {
        summary: "this browser cannot use a camera on this page.",
        fixes: ["Open the page in a current version of a supported browser, at an https:// address."],
      };
    case "NotAllowedError":
    case "SecurityError":
      return {
        summary: "the browser was not allowed to use the camera.",
        fixes: [
          "Click the camera or lock icon in the address bar, set Camera to Allow for this site, and try again.",
          "On a Mac, also open System Settings > Privacy & Security > Camera and turn on your browser.",
          "On Windows, open Settings > Privacy & security > Camera and let apps and your browser use the camera.",
        ],
      };
    case "NotFoundError":
    case "OverconstrainedError":
      return {
        summary: "no camera was found.",
        fixes: [
          "Connect a webcam (a built-in one or a USB one) and make sure it is switched on.",
          "If it is connected, reconnect it or restart the computer, then try again.",
        ],
      };
    case "NotReadableError":
    case "AbortError":
      return {
        summary: "the camera is there but could not be started.",
        fixes: [
          "Close other programs that may be using the camera (video calls, other browser tabs) and try again.",
          "If it still fails, restart the computer.",
        ],
      };
    default:
      return {
        summary: "the camera could not be started.",
        fixes: ["Use a current version of a supported browser, allow the camera for this site, and try again."],
      };
  }
}

/**
 * Takes one frame of a playing video as a JPEG, scaled to `width` pixels wide (never larger than the
 * picture). Resolves null when the video has no picture yet.
 */
export function grabFrame(video: HTMLVideoElement, width = 640, quality = 0.8): Promise<Blob | null> {
  if (!video.videoWidth || !video.videoHeight) return Promise.resolve(null);
  const w = Math.min(width, video.videoWidth);
  const h = Math.round((video.videoHeight * w) / video.videoWidth);
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d");
  if (!ctx) return Promise.resolve(null);
  ctx.drawImage(video, 0, 0, w, h);
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), "image/jpeg", quality));
}

/** A Blob as a data: URL (the exam page's frames travel as JSON). */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The frame could not be read."));
    reader.readAsDataURL(blob);
  });
}
