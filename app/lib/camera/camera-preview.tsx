import type { RefObject } from "react";

/**
 * The live picture of the camera, as the system check and check-in show it (the exam page shows a smaller one
 * with its own caption). Kept in the page while hidden, so the video element is there when the camera starts.
 */
export function CameraPreview({
  video,
  shown,
  testId,
  className = "",
}: {
  video: RefObject<HTMLVideoElement | null>;
  shown: boolean;
  testId: string;
  className?: string;
}) {
  return (
    <figure className={shown ? className : "hidden"}>
      <video
        ref={video}
        muted
        playsInline
        aria-label="Live preview from your camera"
        className="w-full max-w-md rounded-lg bg-black"
        data-testid={testId}
      />
      <figcaption className="mt-1 text-sm">Live preview from your camera</figcaption>
    </figure>
  );
}
