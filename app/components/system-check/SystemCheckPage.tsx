import { useEffect, useRef, useState, type ReactNode } from "react";
import { CameraPreview } from "~/lib/camera/camera-preview";
import { Link } from "~/lib/router";
import { MIN_MBPS, SPEED_SAMPLE_BYTES, SUPPORTED_BROWSERS, SYSTEM_TEST_MINUTES } from "~/data/system-check";
import { speedDownloadEndpoint, speedUploadEndpoint } from "~/schemas/system-check";
import { browserId, cameraProblem, closeCamera, openCamera } from "~/lib/camera/camera";
import { call } from "~/lib/api/client";
import { systemCheckResultEndpoint } from "~/schemas/check-in";

/**
 * The public system check (/system-check, issue 28): camera, connection to this server, display scaling and
 * browser, each with a verdict in words and, when not passed, how to fix it; then an overall verdict.
 * Nothing is sent anywhere but the speed samples (random bytes), and the camera stays in this page.
 */

type Verdict = "passed" | "attention" | "failed";
interface Outcome {
  verdict: Verdict;
  summary: string;
  fixes?: string[];
}

const VERDICT_WORDS: Record<Verdict, string> = { passed: "Passed", attention: "Needs attention", failed: "Failed" };
const BORDER: Record<Verdict | "idle", string> = {
  passed: "border-brand-600",
  attention: "border-amber-600",
  failed: "border-red-700",
  idle: "border-gray-300",
};

function CheckSection({
  id,
  title,
  outcome,
  running,
  children,
}: {
  id: string;
  title: string;
  outcome: Outcome | null;
  running?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-2xl border-l-8 bg-white p-6 shadow-sm ${BORDER[outcome?.verdict ?? "idle"]}`}
      data-check={id}
      data-verdict={outcome?.verdict ?? "none"}
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-navy-900">
        {title}
      </h2>
      <p className="mt-1 font-semibold" aria-live="polite" data-testid={`${id}-verdict`}>
        {outcome ? `${VERDICT_WORDS[outcome.verdict]}: ${outcome.summary}` : running ? "Checking…" : "Not checked yet."}
      </p>
      {outcome?.fixes && outcome.fixes.length > 0 && (
        <div className="mt-3">
          <h3 className="font-semibold">How to fix it</h3>
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {outcome.fixes.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      )}
      {children}
    </section>
  );
}

/**
 * A check that runs each time the button is pressed (`run` goes up): whether it is running and its outcome,
 * which `onDone` is given too. `check` does the work; `cancelled()` turns true once the page is left or the
 * button is pressed again, and then it returns nothing (an outcome it still returns is dropped).
 */
function useCheck(
  run: number,
  onDone: (o: Outcome) => void,
  check: (cancelled: () => boolean) => Promise<Outcome | void>,
) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (run === 0) return;
    let cancelled = false;
    setRunning(true);
    setOutcome(null);
    void check(() => cancelled).then((o) => {
      if (cancelled || !o) return;
      setOutcome(o);
      setRunning(false);
      onDone(o);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per press of the button
  }, [run]);
  return { outcome, running };
}

/* ---------- camera ---------- */

function cameraFailure(error: unknown): Outcome {
  return { verdict: "failed", ...cameraProblem(error) };
}

function CameraCheck({ run, onDone }: { run: number; onDone: (o: Outcome) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [live, setLive] = useState(false);

  const stop = () => {
    closeCamera(stream.current);
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setLive(false);
  };
  // the camera never stays on after the page is left
  useEffect(() => stop, []);

  const { outcome, running } = useCheck(run, onDone, async (cancelled) => {
    stop();
    try {
      const s = await openCamera();
      if (cancelled()) return closeCamera(s);
      stream.current = s;
      const v = video.current!;
      v.srcObject = s;
      await v.play();
      setLive(true);
      const settings = s.getVideoTracks()[0]?.getSettings();
      const size = settings?.width && settings.height ? ` (${settings.width} × ${settings.height})` : "";
      return {
        verdict: "passed",
        summary: `your camera works${size}. Check below that you can see yourself, then stop the camera.`,
      };
    } catch (error) {
      return cameraFailure(error);
    }
  });

  return (
    <CheckSection id="camera" title="Camera" outcome={outcome} running={running}>
      <p className="mt-2 text-sm">
        Your browser asks for permission to use the camera. The picture stays on this page: nothing is recorded or sent.
      </p>
      <CameraPreview video={video} shown={live} testId="camera-preview" className="mt-4" />
      {live && (
        <button type="button" className="btn-outline mt-3" onClick={stop}>
          Stop the camera
        </button>
      )}
    </CheckSection>
  );
}

/* ---------- connection ---------- */

const api = (path: string) => `/api${path}`;
const mbps = (bytes: number, ms: number) => (bytes * 8) / (Math.max(ms, 1) / 1000) / 1_000_000;
const formatMbps = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1));

async function timedDownload(bytes: number): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${api(speedDownloadEndpoint.path)}?bytes=${bytes}`, { cache: "no-store" });
  if (!res.ok) throw new Error(String(res.status));
  const got = (await res.arrayBuffer()).byteLength;
  return mbps(got, performance.now() - t0);
}

function randomPayload(bytes: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(bytes);
  // getRandomValues fills at most 65,536 bytes a call
  for (let i = 0; i < bytes; i += 65_536) crypto.getRandomValues(data.subarray(i, Math.min(bytes, i + 65_536)));
  return data;
}

async function timedUpload(bytes: number): Promise<number> {
  const body = randomPayload(bytes);
  const t0 = performance.now();
  const res = await fetch(api(speedUploadEndpoint.path), {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body,
  });
  if (!res.ok) throw new Error(String(res.status));
  const answer = (await res.json()) as { receivedBytes: number };
  return mbps(answer.receivedBytes, performance.now() - t0);
}

const SLOW_FIXES = [
  "Move closer to the Wi-Fi router or connect the computer with a network cable.",
  "Close downloads, video streams, cloud backups and other devices' heavy use of the same network during the exam.",
  "If it stays slow, ask your internet provider, or take the exam from a faster network.",
];

function ConnectionCheck({ run, onDone }: { run: number; onDone: (o: Outcome) => void }) {
  const [speeds, setSpeeds] = useState<{ down: number; up: number } | null>(null);

  const { outcome, running } = useCheck(run, onDone, async (cancelled) => {
    setSpeeds(null);
    try {
      // a small warm-up opens the connection, so the timed requests measure the transfer
      await timedDownload(16 * 1024);
      const down = await timedDownload(SPEED_SAMPLE_BYTES);
      const up = await timedUpload(SPEED_SAMPLE_BYTES);
      if (cancelled()) return;
      setSpeeds({ down, up });
      const slow = [down < MIN_MBPS && "download", up < MIN_MBPS && "upload"].filter(Boolean);
      return slow.length
        ? {
            verdict: "failed",
            summary: `your ${slow.join(" and ")} speed is below the ${MIN_MBPS} Mbps the exam needs.`,
            fixes: SLOW_FIXES,
          }
        : { verdict: "passed", summary: `both directions are faster than the ${MIN_MBPS} Mbps the exam needs.` };
    } catch {
      return {
        verdict: "failed",
        summary: "the speed test could not reach our server.",
        fixes: [
          "Check that you are online, then run the check again.",
          "A company network, VPN or firewall may block it: try another network.",
          "If you ran the check many times in a minute, wait a minute and try again.",
        ],
      };
    }
  });

  return (
    <CheckSection id="connection" title="Connection" outcome={outcome} running={running}>
      <p className="mt-2 text-sm">
        Measured against our server: the exam needs at least {MIN_MBPS} Mbps download and {MIN_MBPS} Mbps upload.
      </p>
      {speeds && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1" data-testid="speeds">
          <dt className="font-semibold">Download</dt>
          <dd>{formatMbps(speeds.down)} Mbps</dd>
          <dt className="font-semibold">Upload</dt>
          <dd>{formatMbps(speeds.up)} Mbps</dd>
        </dl>
      )}
    </CheckSection>
  );
}

/* ---------- display and browser (read from the browser) ---------- */

type Platform = "windows" | "mac" | "other";
function platformOf(): Platform {
  const uaData = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  const p = `${uaData?.platform ?? ""} ${navigator.userAgent}`;
  if (/windows/i.test(p)) return "windows";
  if (/mac ?os|macintosh/i.test(p)) return "mac";
  return "other";
}

function displayOutcome(): { outcome: Outcome; facts: [string, string][] } {
  const ratio = window.devicePixelRatio || 1;
  const platform = platformOf();
  const percent = Math.round(ratio * 100);
  const facts: [string, string][] = [
    ["Screen", `${screen.width} × ${screen.height}`],
    ["Browser window", `${window.innerWidth} × ${window.innerHeight}`],
    ["Pixel ratio", `${ratio} (${percent} %)`],
  ];
  let outcome: Outcome;
  if (platform === "mac")
    outcome = { verdict: "passed", summary: "on a Mac the default display setting is what the exam expects." };
  else if (ratio === 1) outcome = { verdict: "passed", summary: "the display is at 100 % scaling." };
  else
    outcome = {
      verdict: platform === "windows" ? "failed" : "attention",
      summary: `the display is scaled to ${percent} %; the exam needs 100 %${platform === "windows" ? " on Windows" : ""}.`,
      fixes: [
        platform === "windows"
          ? "Open Settings > System > Display, set Scale to 100 %, and run the check again."
          : "Set your display's scaling to 100 % in your system's display settings.",
        "Set the browser's zoom to 100 % too: press Ctrl and 0 together.",
      ],
    };
  return { outcome, facts };
}

function browserOf(ua: string): { family: string; version: number } | null {
  const patterns: [string, RegExp][] = [
    ["Edge", /Edg\/(\d+)/],
    ["Opera", /OPR\/(\d+)/],
    ["Firefox", /Firefox\/(\d+)/],
    ["Chrome", /(?:Chrome|Chromium)\/(\d+)/],
    ["Safari", /Version\/(\d+)[\d.]* .*Safari\//],
  ];
  for (const [family, re] of patterns) {
    const m = re.exec(ua);
    if (m) return { family, version: Number(m[1]) };
  }
  return null;
}

function storageWorks(): boolean {
  try {
    const key = "citb-system-check";
    localStorage.setItem(key, "1");
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

const SUPPORTED_WORDS = SUPPORTED_BROWSERS.map((b) => `${b.family} ${b.minVersion} or later`).join(", ");

function browserOutcome(): { outcome: Outcome; facts: [string, string][] } {
  const found = browserOf(navigator.userAgent);
  const cookies = navigator.cookieEnabled;
  const storage = storageWorks();
  const facts: [string, string][] = [
    ["Browser", found ? `${found.family} ${found.version}` : "Not recognised"],
    ["Cookies", cookies ? "On" : "Off"],
    ["Site storage", storage ? "Available" : "Blocked"],
  ];
  const rule = found && SUPPORTED_BROWSERS.find((b) => b.family === found.family);
  const fixes: string[] = [];
  let verdict: Verdict = "passed";
  if (!found || !rule) {
    verdict = "attention";
    fixes.push(`Use a supported browser: ${SUPPORTED_WORDS}.`);
  } else if (found.version < rule.minVersion) {
    verdict = "failed";
    fixes.push(`Update ${found.family} to version ${rule.minVersion} or later (its menu: Help or About, then update).`);
  }
  if (!cookies || !storage) {
    verdict = "failed";
    fixes.push(
      "Allow cookies and site data for this site in the browser's privacy settings; a private window may block them.",
    );
  }
  const summary =
    verdict === "passed"
      ? `${found!.family} ${found!.version} is supported, with cookies and storage on.`
      : !found || !rule
        ? "this browser is not one we support."
        : "this browser needs a change before the exam.";
  return { outcome: { verdict, summary, fixes }, facts };
}

function FactList({ facts, testId }: { facts: [string, string][]; testId: string }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1" data-testid={testId}>
      {facts.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/* ---------- the page ---------- */

type CheckName = "camera" | "connection" | "display" | "browser";
const CHECKS: CheckName[] = ["camera", "connection", "display", "browser"];

export function SystemCheckPage() {
  const [run, setRun] = useState(0);
  const [results, setResults] = useState<Partial<Record<CheckName, Outcome>>>({});
  const [local, setLocal] = useState<{
    display: ReturnType<typeof displayOutcome>;
    browser: ReturnType<typeof browserOutcome>;
  } | null>(null);

  const done = (name: CheckName) => (o: Outcome) => setResults((r) => ({ ...r, [name]: o }));

  const start = () => {
    const display = displayOutcome();
    const browser = browserOutcome();
    setLocal({ display, browser });
    setResults({ display: display.outcome, browser: browser.outcome });
    setRun((n) => n + 1);
  };

  const finished = CHECKS.every((c) => results[c]);
  const verdicts = CHECKS.map((c) => results[c]?.verdict);
  const overall: Verdict = verdicts.includes("failed")
    ? "failed"
    : verdicts.includes("attention")
      ? "attention"
      : "passed";

  // signed in, the finished result is kept with this browser's id (a guest's answer is a 401: nothing kept)
  const [keptNote, setKeptNote] = useState(false);
  const keptRun = useRef(0);
  useEffect(() => {
    if (!finished || keptRun.current === run) return;
    keptRun.current = run;
    const checks = Object.fromEntries(CHECKS.map((c) => [c, results[c]!.verdict])) as Record<CheckName, Verdict>;
    call(systemCheckResultEndpoint, { body: { browserId: browserId(), verdict: overall, checks } })
      .then(() => setKeptNote(true))
      .catch(() => setKeptNote(false));
  }, [finished, run, results, overall]);

  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">System check for online exams</h1>
      <p className="mt-4">
        Before an online proctored exam, check the computer, connection and room you will use on the day. This page
        checks your camera, the speed of your connection to our server (at least {MIN_MBPS} Mbps down and up), your
        display scaling and your browser. It takes a few minutes; with fixing what it finds, plan{" "}
        {SYSTEM_TEST_MINUTES.min} to {SYSTEM_TEST_MINUTES.max} minutes. Run it a day or more before your exam, as the{" "}
        <Link to="/testing/online-exam-policy" className="link">
          online exam policy
        </Link>{" "}
        asks.
      </p>
      <button type="button" className="btn-primary mt-6" onClick={start}>
        {run === 0 ? "Start the system check" : "Run the check again"}
      </button>

      <div className="mt-8 space-y-6">
        <CameraCheck run={run} onDone={done("camera")} />
        <ConnectionCheck run={run} onDone={done("connection")} />
        <CheckSection id="display" title="Display" outcome={local?.display.outcome ?? null}>
          <p className="mt-2 text-sm">
            On Windows the display scaling must be 100 %; on a Mac the default setting is what the exam expects.
          </p>
          {local && <FactList facts={local.display.facts} testId="display-facts" />}
        </CheckSection>
        <CheckSection id="browser" title="Browser" outcome={local?.browser.outcome ?? null}>
          <p className="mt-2 text-sm">Supported: {SUPPORTED_WORDS}, with cookies and site storage allowed.</p>
          {local && <FactList facts={local.browser.facts} testId="browser-facts" />}
        </CheckSection>
      </div>

      <section
        aria-labelledby="overall-heading"
        className={`mt-8 rounded-2xl border-l-8 bg-white p-6 shadow-sm ${BORDER[finished ? overall : "idle"]}`}
        data-check="overall"
        data-verdict={finished ? overall : "none"}
      >
        <h2 id="overall-heading" className="text-2xl font-bold text-navy-900">
          Overall result
        </h2>
        <p className="mt-1 font-semibold" aria-live="polite" data-testid="overall-verdict">
          {!finished
            ? run === 0
              ? "Start the check to see your result."
              : "Checking…"
            : overall === "passed"
              ? "Passed: this computer is ready for an online exam."
              : overall === "attention"
                ? "Needs attention: read the checks above and fix what they name before your exam."
                : "Failed: fix the checks marked Failed above, then run the check again."}
        </p>
        {finished && keptNote && (
          <p className="mt-2 text-sm">
            This result is kept with your account for this browser: check-in for an online exam asks for a passing check
            in the browser you take the exam in.
          </p>
        )}
      </section>
    </div>
  );
}
