// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  approveCheckInEndpoint,
  checkInQueueEndpoint,
  rejectCheckInEndpoint,
  type QueueEntry,
} from "~/schemas/check-in";
import {
  addTimeEndpoint,
  endSessionEndpoint,
  incidentEndpoint,
  liveSessionsEndpoint,
  pauseSessionEndpoint,
  PROCTOR_MESSAGES,
  type LiveSession,
} from "~/schemas/proctoring";
import { ApiError } from "~/lib/api/error";
import { setProctoringHoursEndpoint, staffProctoringHoursEndpoint } from "~/schemas/booking";
import type { User } from "~/schemas/user";
import { testUser } from "~/testing/user";
import ProctoringPage from "./proctoring";
import { renderInConsole } from "./render-in-console";

/** Every API call of the page, answered by the test (the endpoint object tells which call it is). */
const call = vi.hoisted(() => vi.fn());
vi.mock("~/lib/api/client", async (original) => ({ ...(await original<object>()), call }));

afterEach(() => {
  cleanup();
  call.mockReset();
  vi.useRealTimers();
});

const proctor = testUser({
  id: 5,
  email: "proctor@example.org",
  firstName: "Pat",
  lastName: "Proctor",
  role: "proctor",
});

const file = (id: number, f: number) => `/api/staff/check-ins/${id}/files/${f}`;
const entry = (id: number, name: string): QueueEntry => ({
  id,
  registrationName: name,
  examTitle: "Certified JavaScript Developer",
  startsAt: "2026-11-30T15:00:00.000Z",
  submittedAt: "2026-11-30T14:40:00.000Z",
  country: "US",
  minor: id === 2,
  guardianName: id === 2 ? "Grace Hopper" : null,
  files: {
    photo: [file(id, 1)],
    idFront: [file(id, 2)],
    idBack: [file(id, 3)],
    area: [4, 5, 6, 7].map((f) => file(id, f)),
    room: [8, 9, 10, 11, 12, 13].map((f) => file(id, f)),
  },
});

const NOW = Date.parse("2026-11-30T15:20:00.000Z");
const session = (over: Partial<LiveSession> = {}): LiveSession => ({
  id: 31,
  candidateName: "Ada Lovelace",
  examTitle: "Certified JavaScript Developer",
  startedAt: "2026-11-30T15:00:00.000Z",
  lastSeenAt: new Date(NOW - 5_000).toISOString(),
  connection: "connected",
  position: 12,
  itemCount: 90,
  answered: 11,
  clock: {
    now: NOW,
    deadline: NOW + 70 * 60_000,
    remainingMs: 70 * 60_000,
    paused: false,
    minutes: { base: 90, esl: 0, accommodation: 0, added: 0, total: 90 },
  },
  pausedBy: null,
  latestFrame: { id: 77, takenAt: new Date(NOW - 60_000).toISOString() },
  frames: 3,
  incidents: 0,
  ...over,
});

const renderPage = (user: User = proctor) =>
  renderInConsole("/staff/proctoring", user, [{ path: "/staff/proctoring", element: <ProctoringPage /> }]);

describe("the check-in queue", () => {
  it("shows each check-in's registration name beside its photos, the country and the guardian", async () => {
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: [entry(1, "Ada Lovelace"), entry(2, "Alan Turing")] };
      if (endpoint === liveSessionsEndpoint) return { sessions: [], now: new Date(NOW).toISOString() };
      throw new Error("unexpected call");
    });
    renderPage();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const ada = await screen.findByRole("article", { name: "Check-in of Ada Lovelace" });
    expect(within(ada).getByText("United States")).toBeInTheDocument();
    expect(within(ada).getByText("Not needed (aged 18 or over)")).toBeInTheDocument();
    expect(within(ada).getAllByRole("img")).toHaveLength(13);
    expect(within(ada).getByRole("img", { name: /^ID, back, check-in of Ada Lovelace/ })).toHaveAttribute(
      "src",
      file(1, 3),
    );
    expect(within(ada).getByRole("img", { name: /^Room scan, frame 6 of 6/ })).toBeInTheDocument();
    const alan = screen.getByRole("article", { name: "Check-in of Alan Turing" });
    expect(within(alan).getByText("Aged 17 or under: authorisation recorded from Grace Hopper")).toBeInTheDocument();
    expect(screen.getByText("No exam is in progress.")).toBeInTheDocument();
  });

  it("rejects with a reason and whose side it is on (both asked for), approves another; each leaves the list", async () => {
    let queue = [entry(1, "Ada Lovelace"), entry(2, "Alan Turing")];
    call.mockImplementation(async (endpoint: unknown, input: { params?: { id: string } }) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: queue };
      if (endpoint === liveSessionsEndpoint) return { sessions: [], now: new Date(NOW).toISOString() };
      const id = Number(input.params!.id);
      queue = queue.filter((c) => c.id !== id);
      const status = endpoint === approveCheckInEndpoint ? "approved" : "rejected";
      return { checkIn: { id, status, rejectReason: null, rejectKind: null, submittedAt: "" } };
    });
    const user = userEvent.setup();
    renderPage();
    const ada = await screen.findByRole("article", { name: "Check-in of Ada Lovelace" });
    await user.click(within(ada).getByRole("button", { name: "Reject… the check-in of Ada Lovelace" }));
    const form = within(ada).getByRole("form", { name: "Reject the check-in of Ada Lovelace" });
    await user.click(within(form).getByRole("button", { name: "Reject the check-in" }));
    expect(await within(form).findByText("Give the reason the candidate will read.")).toBeInTheDocument();
    expect(within(form).getByText("Choose whose side the problem is on.")).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Reason the candidate reads/)).toHaveFocus();
    await user.type(within(form).getByLabelText(/^Reason the candidate reads/), "The name on the ID differs.");
    await user.selectOptions(within(form).getByLabelText("Whose side is the problem on?"), "site");
    await user.click(within(form).getByRole("button", { name: "Reject the check-in" }));
    expect(call).toHaveBeenCalledWith(rejectCheckInEndpoint, {
      params: { id: "1" },
      body: { reason: "The name on the ID differs.", kind: "site" },
    });
    const said = await screen.findByText(/^Ada Lovelace's check-in is rejected on our side/);
    expect(said).toHaveAttribute("role", "status");
    expect(screen.queryByRole("article", { name: "Check-in of Ada Lovelace" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Approve the check-in of Alan Turing" }));
    expect(call).toHaveBeenCalledWith(approveCheckInEndpoint, { params: { id: "2" } });
    expect(await screen.findByText("Alan Turing's check-in is approved: their exam can start.")).toBeInTheDocument();
    expect(await screen.findByText("No check-in is waiting.")).toBeInTheDocument();
  });
});

describe("the live sessions", () => {
  it("shows who, where, how much is saved, the time left and the latest frame; pauses with feedback", async () => {
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: [] };
      if (endpoint === liveSessionsEndpoint) return { sessions: [session()], now: new Date(NOW).toISOString() };
      if (endpoint === pauseSessionEndpoint)
        return {
          session: session({
            clock: { ...session().clock, paused: true, deadline: null, remainingMs: 69 * 60_000 },
            pausedBy: "proctor",
          }),
        };
      throw new Error("unexpected call");
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole("article", { name: /^Ada Lovelace/ });
    expect(within(card).getByText(/^Connected, last seen \d+ s ago$/)).toBeInTheDocument();
    expect(within(card).getByText("12 of 90")).toBeInTheDocument();
    expect(within(card).getByText("11")).toBeInTheDocument();
    expect(within(card).getByText(/^1:(09|10):\d\d$/)).toBeInTheDocument();
    expect(within(card).getByRole("img", { name: /^Camera frame of Ada Lovelace, taken at / })).toHaveAttribute(
      "src",
      "/api/staff/proctoring/frames/77",
    );
    await user.click(within(card).getByRole("button", { name: "Pause" }));
    expect(call).toHaveBeenCalledWith(pauseSessionEndpoint, { params: { id: "31" }, body: {} });
    const paused = await within(card).findByText("Paused: the clock is stopped at 1:09:00 until you resume it.");
    await waitFor(() => expect(paused).toHaveFocus());
    expect(within(card).getByText("1:09:00 (paused by a proctor)")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Resume" })).toBeInTheDocument();
  });

  it("a disconnected session says so", async () => {
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: [] };
      const s = session({
        connection: "disconnected",
        pausedBy: "disconnect",
        clock: { ...session().clock, paused: true, deadline: null },
      });
      return { sessions: [s], now: new Date(NOW).toISOString() };
    });
    renderPage();
    const card = await screen.findByRole("article", { name: /^Ada Lovelace/ });
    expect(within(card).getByText(/^Disconnected: silent since .*; the clock is paused$/)).toBeInTheDocument();
    expect(within(card).getByText("1:10:00 (paused while disconnected)")).toBeInTheDocument();
  });

  it("ends an exam only after a confirmation, with the outcome and the reason; a refusal is said in an alert", async () => {
    const { ApiError } = await import("~/lib/api/error");
    let refuse = true;
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: [] };
      if (endpoint === liveSessionsEndpoint)
        return { sessions: refuse ? [session()] : [], now: new Date(NOW).toISOString() };
      if (endpoint === endSessionEndpoint) {
        if (refuse) throw new ApiError(409, { error: "not_open", message: PROCTOR_MESSAGES.notOpen });
        return { ended: { id: 31, outcome: "indeterminate", freeRetakeVoucher: "FREE-1234" } };
      }
      throw new Error("unexpected call");
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole("article", { name: /^Ada Lovelace/ });
    await user.click(within(card).getByRole("button", { name: "End the exam…" }));
    const form = within(card).getByRole("form", { name: "End the exam of Ada Lovelace" });
    await user.click(within(form).getByRole("button", { name: "End the exam…" }));
    expect(await within(form).findByText(PROCTOR_MESSAGES.outcome)).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText("How the exam ends"), "indeterminate");
    await user.type(within(form).getByLabelText(/^Reason the candidate reads/), "Our video service failed.");
    await user.click(within(form).getByRole("button", { name: "End the exam…" }));
    const confirm = within(card).getByRole("group", { name: "Confirm the end of Ada Lovelace's exam" });
    // the focus moves in an effect after the group renders: on a loaded machine, a moment later
    await waitFor(() => expect(within(confirm).getByRole("button", { name: "Keep the exam going" })).toHaveFocus());
    expect(call).not.toHaveBeenCalledWith(endSessionEndpoint, expect.anything());
    await user.click(within(confirm).getByRole("button", { name: "Yes, end the exam" }));
    expect(await within(confirm).findByRole("alert")).toHaveTextContent(PROCTOR_MESSAGES.notOpen);
    refuse = false;
    await user.click(within(confirm).getByRole("button", { name: "Yes, end the exam" }));
    expect(call).toHaveBeenCalledWith(endSessionEndpoint, {
      params: { id: "31" },
      body: { outcome: "indeterminate", reason: "Our video service failed." },
    });
    const ended = await screen.findByText(/ended as indeterminate.*Free retake voucher FREE-1234/);
    await waitFor(() => expect(ended).toHaveFocus());
    expect(await screen.findByText("No exam is in progress.")).toBeInTheDocument();
  });

  it("adds time only from 1 to 60 minutes with a reason; keeps an incident report; each says what it did", async () => {
    call.mockImplementation(async (endpoint: unknown, input: { body?: { minutes?: number } }) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: [] };
      if (endpoint === liveSessionsEndpoint) return { sessions: [session()], now: new Date(NOW).toISOString() };
      if (endpoint === addTimeEndpoint)
        return { session: session({ clock: { ...session().clock, remainingMs: 80 * 60_000 } }) };
      if (endpoint === incidentEndpoint) return { session: session({ incidents: 1 }) };
      throw new Error(`unexpected call ${JSON.stringify(input)}`);
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole("article", { name: /^Ada Lovelace/ });
    await user.click(within(card).getByRole("button", { name: "Add time" }));
    const form = within(card).getByRole("form", { name: "Add time for Ada Lovelace" });
    await user.type(within(form).getByLabelText(/^Minutes to add/), "61");
    await user.click(within(form).getByRole("button", { name: "Add the time" }));
    expect(await within(form).findByText(PROCTOR_MESSAGES.minutes)).toBeInTheDocument();
    expect(within(form).getByText(PROCTOR_MESSAGES.addTimeReason)).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(addTimeEndpoint, expect.anything());
    await user.clear(within(form).getByLabelText(/^Minutes to add/));
    await user.type(within(form).getByLabelText(/^Minutes to add/), "10");
    await user.type(within(form).getByLabelText(/^Reason/), "The camera froze.");
    await user.click(within(form).getByRole("button", { name: "Add the time" }));
    expect(call).toHaveBeenCalledWith(addTimeEndpoint, {
      params: { id: "31" },
      body: { minutes: 10, reason: "The camera froze." },
    });
    expect(await within(card).findByText(/^Added 10 minutes: 1:20:00 left\./)).toBeInTheDocument();
    expect(within(card).queryByRole("form")).toBeNull();

    await user.click(within(card).getByRole("button", { name: "Write an incident report" }));
    const report = within(card).getByRole("form", { name: "Incident report on Ada Lovelace" });
    await user.type(within(report).getByLabelText("What happened"), "A second person entered the room.");
    await user.click(within(report).getByRole("button", { name: "Keep the report" }));
    expect(call).toHaveBeenCalledWith(incidentEndpoint, {
      params: { id: "31" },
      body: { text: "A second person entered the room." },
    });
    expect(await within(card).findByText("Incident report kept with the attempt (for an appeal).")).toBeInTheDocument();
    expect(within(card).getByText("3 camera frames, 1 incident report")).toBeInTheDocument();
  });

  it("reloads the list every 10 seconds without closing an open form or moving the focus", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answered = 11;
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: [] };
      return { sessions: [session({ answered })], now: new Date(NOW).toISOString() };
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const card = await screen.findByRole("article", { name: /^Ada Lovelace/ });
    await user.click(within(card).getByRole("button", { name: "Send a message" }));
    const field = within(card).getByLabelText(/^Message the candidate reads/);
    await user.click(field);
    await user.type(field, "Please look at the camera");
    answered = 14;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(await within(card).findByText("14")).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveValue("Please look at the camera");
  });
});

describe("the proctoring hours (staff and admins)", () => {
  const hours = { days: [1, 2, 3, 4, 5], startTime: "09:00", endTime: "17:00", seatsPerSlot: 5 };
  const answers = (save: (body: unknown) => unknown) =>
    call.mockImplementation(async (endpoint: unknown, input: { body?: unknown }) => {
      if (endpoint === checkInQueueEndpoint) return { checkIns: [] };
      if (endpoint === liveSessionsEndpoint) return { sessions: [], now: new Date(NOW).toISOString() };
      if (endpoint === staffProctoringHoursEndpoint) return { hours, timeZone: "America/Chicago", slotMinutes: 120 };
      if (endpoint === setProctoringHoursEndpoint) return save(input.body);
      throw new Error("unexpected call");
    });

  it("a proctor does not see them", async () => {
    answers(() => {
      throw new Error("not sent");
    });
    renderPage();
    await screen.findByRole("heading", { name: /Live sessions/ });
    expect(screen.queryByRole("heading", { name: "Proctoring hours" })).toBeNull();
    expect(call).not.toHaveBeenCalledWith(staffProctoringHoursEndpoint, expect.anything());
  });

  it("staff see the current hours with their slots, change them, and read what candidates now book", async () => {
    answers((body) => ({ hours: body, timeZone: "America/Chicago", slotMinutes: 120 }));
    const user = userEvent.setup();
    renderPage({ ...proctor, role: "staff" });
    const form = await screen.findByRole("form", { name: "Proctoring hours" });
    expect(within(form).getByRole("checkbox", { name: "Monday" })).toBeChecked();
    expect(within(form).getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
    expect(within(form).getByText("Slots start at 09:00, 11:00, 13:00, 15:00 Central time.")).toBeInTheDocument();
    await user.click(within(form).getByRole("checkbox", { name: "Saturday" }));
    const until = within(form).getByLabelText("Until (Central time)");
    await user.clear(until);
    await user.type(until, "15:00");
    expect(within(form).getByText("Slots start at 09:00, 11:00, 13:00 Central time.")).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save the hours" }));
    const saved = await within(form).findByText("Saved. Candidates now book 3 slots a day, 5 seats each.");
    await waitFor(() => expect(saved).toHaveFocus());
    expect(call).toHaveBeenCalledWith(setProctoringHoursEndpoint, {
      body: { days: [1, 2, 3, 4, 5, 6], startTime: "09:00", endTime: "15:00", seatsPerSlot: 5 },
    });
  });

  it("a refusal is said under its field, with the focus there", async () => {
    answers(() => {
      throw new ApiError(400, {
        error: "validation_failed",
        message: "Some fields need your attention.",
        fields: { days: "Choose at least one day." },
      });
    });
    const user = userEvent.setup();
    renderPage({ ...proctor, role: "admin" });
    const form = await screen.findByRole("form", { name: "Proctoring hours" });
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
      await user.click(within(form).getByRole("checkbox", { name: day }));
    await user.click(within(form).getByRole("button", { name: "Save the hours" }));
    expect(await within(form).findByText("Choose at least one day.")).toBeInTheDocument();
    expect(within(form).getByRole("checkbox", { name: "Monday" })).toHaveFocus();
    expect(call).toHaveBeenCalledWith(setProctoringHoursEndpoint, {
      body: { days: [], startTime: "09:00", endTime: "17:00", seatsPerSlot: 5 },
    });
  });
});
