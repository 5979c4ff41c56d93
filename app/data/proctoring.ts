/**
 * The rules of a proctored exam session (issue 28.4-6), in one place: the server enforces them, the exam
 * page and the proctor's console run on them, and the online exam policy page states them.
 */

/** The exam page tells the server it is alive this often (and gets the clock and any proctor's message). */
export const HEARTBEAT_SECONDS = 10;

/**
 * A session silent this long is shown as disconnected and its clock is paused from its last sign of life,
 * so the candidate loses no time; the clock runs again, with the same time left, when the page comes back.
 */
export const DISCONNECT_SECONDS = 60;

/**
 * A candidate who cannot return within this window after the disconnection gets an indeterminate result
 * and a free retake voucher, by e-mail: a crash or a lost connection never becomes a fail or a no-show.
 */
export const RETURN_WINDOW_MINUTES = 30;

/** The exam page takes a camera frame at a random moment at least this often (the proctor sees it). */
export const FRAME_EVERY_MINUTES = 10;

/**
 * The server keeps at most one camera frame per sitting in this many seconds (429 with Retry-After
 * otherwise): the page's random moments are further apart, so only a faulty or hostile page meets it.
 */
export const FRAME_MIN_INTERVAL_SECONDS = 20;

/** The largest camera frame the server keeps (a small JPEG, 320 px wide). */
export const FRAME_MAX_BYTES = 150 * 1024;

/** The most minutes a proctor adds in one action (they may add again). */
export const MAX_ADD_MINUTES = 60;

/** The proctor's console reloads the check-in queue and the live sessions this often. */
export const CONSOLE_REFRESH_SECONDS = 10;

/** Where a candidate appeals an exam ended by a proctor (the e-mail names it too). */
export const APPEAL_ROUTE = "/account/requests";
