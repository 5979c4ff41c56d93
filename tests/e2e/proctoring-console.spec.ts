import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { buyByApi, confirmAddress, expectNoAxeViolations, mailLink, visit, WIDTHS } from "./helpers";

/**
 * The proctor's console (issue 28.4) in the browser: an admin invites a proctor, whose console holds only
 * /staff/proctoring; two candidates book, pass the system check and check in (through the API, with small
 * JPEGs drawn in the browser; the fixture booking-time moves each booking's start into the check-in window); the proctor
 * rejects one check-in with a reason the candidate then reads, approves the other; that candidate starts the
 * exam, and the proctor pauses it, adds 10 minutes, sends a message (each seen by the exam page's heartbeat)
 * and ends it as indeterminate, which leaves the candidate a free retake voucher.
 */
const stamp = Date.now();
const password = "Sup3r$ecret";
// registration names unique to this run: other journeys share the server and its queue
const tag = stamp.toString(36).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]!);

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function newPage(browser: Browser, width = 1280) {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

/** A small JPEG drawn on a canvas (a coloured square with a label), as bytes and as a data URL. */
async function jpeg(page: Page, label: string, hue: number) {
  const url = await page.evaluate(
    ([text, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = 160;
      canvas.height = 120;
      const g = canvas.getContext("2d")!;
      g.fillStyle = `hsl(${h} 60% 70%)`;
      g.fillRect(0, 0, 160, 120);
      g.fillStyle = "#111";
      g.font = "16px sans-serif";
      g.fillText(String(text), 10, 64);
      return canvas.toDataURL("image/jpeg", 0.7);
    },
    [label, hue] as const,
  );
  return { url, bytes: Buffer.from(url.split(",")[1]!, "base64") };
}

interface Candidate {
  name: string;
  page: Page;
  request: APIRequestContext;
  voucherId: number;
}

/** Signs up, confirms, signs in, buys an exam, books a time and moves it 10 minutes ahead, passes the check, checks in. */
async function checkedIn(browser: Browser, firstName: string): Promise<Candidate> {
  const page = await newPage(browser);
  await page.goto("/about");
  const request = page.request;
  const email = `proctored-${firstName.toLowerCase()}-${stamp}@example.com`;
  const lastName = `Lovelace${tag}`;
  expect(
    (await request.post("/api/signup", { data: { certUser: { firstName, lastName, email, password } } })).status(),
  ).toBe(201);
  await confirmAddress(request, email);
  expect((await request.post("/api/login", { data: { email, password } })).status()).toBe(200);
  const { order } = await buyByApi(request, 1, { email });
  const { exams } = (await (await request.get("/api/me/exams")).json()) as {
    exams: { id: number; voucherCode: string }[];
  };
  const voucherId = exams.find((e) => e.voucherCode === order.voucherCode)!.id;
  const { slots } = (await (await request.get(`/api/me/exams/${voucherId}/slots`)).json()) as {
    slots: { startsAt: string; seatsLeft: number }[];
  };
  const slot = slots.find((s) => s.seatsLeft > 0)!;
  const booked = await request.put(`/api/me/exams/${voucherId}/booking`, {
    data: { startsAt: slot.startsAt, timeZone: "America/Chicago" },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const moved = await request.post("/api/test-fixtures/booking-time", {
    data: { voucherCode: order.voucherCode, minutesFromNow: 10 },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const browserId = crypto.randomUUID();
  const checked = await request.post("/api/me/system-check/result", {
    data: {
      browserId,
      verdict: "passed",
      checks: { camera: "passed", connection: "passed", display: "passed", browser: "passed" },
    },
  });
  expect(checked.status()).toBe(201);

  const form = new FormData();
  for (const [k, v] of Object.entries({ browserId, country: "US", birthDate: "1990-05-01" })) form.append(k, v);
  const add = async (field: string, label: string, hue: number) =>
    form.append(field, new Blob([(await jpeg(page, label, hue)).bytes], { type: "image/jpeg" }), `${field}.jpg`);
  await add("photo", `${firstName}: face`, 20);
  await add("idFront", `${firstName} ${lastName}: ID`, 200);
  await add("idBack", "ID back", 210);
  for (let i = 1; i <= 4; i++) await add("area", `Area ${i}`, 100 + i * 10);
  for (let i = 1; i <= 6; i++) await add("room", `Room ${i}`, 280 + i * 10);
  const res = await request.post(`/api/me/exams/${voucherId}/check-in`, { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return { name: `${firstName} ${lastName}`, page, request, voucherId };
}

let admin: Page;
let proctor: Page;
let rejected: Candidate;
let approved: Candidate;
let sittingId: number;
const holderId = crypto.randomUUID();

test("an admin invites a proctor, whose console holds only the proctoring page", async ({ browser }) => {
  admin = await newPage(browser);
  const fixture = await admin.request.post("/api/test-fixtures/admin-invitation", {
    data: { email: `chief-proctoring${stamp}@example.org` },
  });
  const token = new URL((await fixture.json()).path, "http://x").searchParams.get("token");
  const accepted = await admin.request.post("/api/invitations/accept", {
    data: { token, firstName: "Chief", lastName: "Admin", password },
  });
  expect(accepted.status()).toBe(200);
  const email = `proctor${stamp}@example.org`;
  const invited = await admin.request.post("/api/staff/members/invitations", { data: { email, role: "proctor" } });
  expect(invited.status(), await invited.text()).toBe(201);

  proctor = await newPage(browser);
  await visit(proctor, await mailLink(proctor.request, email, "/invitation"));
  await proctor.getByLabel("First name").fill("Pat");
  await proctor.getByLabel("Last name").fill("Proctor");
  await proctor.getByLabel("Password", { exact: true }).fill(password);
  await proctor.getByRole("button", { name: "Set password and open the console" }).click();
  await expect(proctor).toHaveURL("/staff/proctoring", { timeout: 20_000 });
  await expect(proctor.getByRole("heading", { level: 1, name: "Proctoring" })).toBeVisible();
  const nav = proctor.getByRole("navigation", { name: "Staff console" });
  await expect(nav.getByRole("link")).toHaveText(["Proctoring"]);
  // another console address takes a proctor back to their page
  await proctor.goto("/staff/orders");
  await expect(proctor).toHaveURL("/staff/proctoring");
  await expect(proctor.getByRole("heading", { level: 1, name: "Proctoring" })).toBeVisible();
});

test("the proctor rejects one check-in with a reason the candidate reads, and approves another", async ({
  browser,
}) => {
  rejected = await checkedIn(browser, "Rita");
  approved = await checkedIn(browser, "Abel");
  // a candidate of another account cannot see these photos
  const queue = await admin.request.get("/api/staff/check-ins");
  const entry = (
    (await queue.json()) as { checkIns: { registrationName: string; files: { photo: string[] } }[] }
  ).checkIns.find((c) => c.registrationName === rejected.name)!;
  expect((await approved.request.get(entry.files.photo[0]!)).status()).toBe(403);
  expect((await proctor.request.get(entry.files.photo[0]!)).status()).toBe(200);

  await proctor.getByRole("button", { name: "Refresh the check-ins" }).click();
  const rita = proctor.getByRole("article", { name: `Check-in of ${rejected.name}` });
  await expect(rita).toBeVisible();
  await expect(rita.getByRole("heading", { level: 3, name: rejected.name })).toBeVisible();
  await expect(rita.getByText("United States")).toBeVisible();
  await expect(rita.getByRole("img")).toHaveCount(13);
  // every photo loaded (a broken image has no natural width)
  await expect
    .poll(() =>
      rita.getByRole("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  const abel = proctor.getByRole("article", { name: `Check-in of ${approved.name}` });
  await expect(abel).toBeVisible();

  for (const width of WIDTHS) {
    await proctor.setViewportSize({ width, height: 900 });
    await proctor.screenshot({ path: `test-results/proctoring-queue-${width}.png`, fullPage: true });
  }
  await proctor.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(proctor, "/staff/proctoring with check-ins waiting");

  const reason = "The name on your ID does not match your registration name.";
  await rita.getByRole("button", { name: `Reject… the check-in of ${rejected.name}` }).click();
  const form = rita.getByRole("form", { name: `Reject the check-in of ${rejected.name}` });
  await form.getByRole("button", { name: "Reject the check-in" }).click();
  await expect(form.getByText("Give the reason the candidate will read.")).toBeVisible();
  await form.getByLabel(/^Reason the candidate reads/).fill(reason);
  await form.getByLabel("Whose side is the problem on?").selectOption("candidate");
  await form.getByRole("button", { name: "Reject the check-in" }).click();
  await expect(
    proctor.getByRole("status").filter({ hasText: `${rejected.name}'s check-in is rejected` }),
  ).toBeFocused();
  await expect(rita).toHaveCount(0);
  const seen = await rejected.request.get(`/api/me/exams/${rejected.voucherId}/check-in`);
  expect((await seen.json()).checkIn).toMatchObject({
    status: "rejected",
    rejectReason: reason,
    rejectKind: "candidate",
  });

  await abel.getByRole("button", { name: `Approve the check-in of ${approved.name}` }).click();
  await expect(
    proctor.getByRole("status").filter({ hasText: `${approved.name}'s check-in is approved: their exam can start.` }),
  ).toBeVisible();
  await expect(abel).toHaveCount(0);
  const mine = await approved.request.get(`/api/me/exams/${approved.voucherId}/check-in`);
  expect((await mine.json()).checkIn.status).toBe("approved");
});

test("on a live session the proctor pauses, adds 10 minutes, sends a message and ends it as indeterminate", async () => {
  const { request } = approved;
  const started = await request.post(`/api/me/exams/${approved.voucherId}/start`, {
    data: { acceptAgreement: true, nameMatchesId: true, country: "US", holderId },
  });
  expect(started.status(), await started.text()).toBe(201);
  sittingId = (await started.json()).sitting.id;
  const beat = async (afterMessageId = 0) => {
    const res = await request.post(`/api/me/sittings/${sittingId}/heartbeat`, { data: { holderId, afterMessageId } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as {
      clock: { paused: boolean; remainingMs: number; minutes: { added: number } };
      messages: { text: string }[];
    };
  };
  await beat();
  const frame = await request.post(`/api/me/sittings/${sittingId}/frames`, {
    data: { holderId, image: (await jpeg(approved.page, "Camera", 50)).url },
  });
  expect(frame.status(), await frame.text()).toBe(201);

  await proctor.getByRole("button", { name: "Refresh the live sessions" }).click();
  const card = proctor.getByRole("article", { name: new RegExp(`^${approved.name}`) });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^Connected, last seen \d+ s ago$/)).toBeVisible();
  await expect(card.getByText("1 of 90", { exact: true })).toBeVisible();
  await expect(card.getByRole("img", { name: new RegExp(`^Camera frame of ${approved.name}`) })).toBeVisible();

  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByRole("status").filter({ hasText: /^Paused: the clock is stopped at/ })).toBeFocused();
  await expect(card.getByText(/\(paused by a proctor\)$/)).toBeVisible();
  expect((await beat()).clock.paused).toBe(true);
  await card.getByRole("button", { name: "Resume" }).click();
  await expect(card.getByRole("status").filter({ hasText: /^Resumed: the clock runs again/ })).toBeVisible();

  await card.getByRole("button", { name: "Add time" }).click();
  const time = card.getByRole("form", { name: `Add time for ${approved.name}` });
  await time.getByLabel("Minutes to add").fill("10");
  await time.getByLabel(/^Reason/).fill("The camera froze for ten minutes on our side.");
  await time.getByRole("button", { name: "Add the time" }).click();
  await expect(card.getByRole("status").filter({ hasText: /^Added 10 minutes: / })).toBeFocused();
  expect((await beat()).clock.minutes.added).toBe(10);

  const text = "Please keep your face in view of the camera.";
  await card.getByRole("button", { name: "Send a message" }).click();
  const message = card.getByRole("form", { name: `Message to ${approved.name}` });
  await message.getByLabel("Message the candidate reads").fill(text);
  await message.getByRole("button", { name: "Send the message" }).click();
  await expect(card.getByRole("status").filter({ hasText: /^Message sent/ })).toBeVisible();
  expect((await beat()).messages.map((m) => m.text)).toContain(text);

  for (const width of WIDTHS) {
    await proctor.setViewportSize({ width, height: 900 });
    await proctor.screenshot({ path: `test-results/proctoring-live-${width}.png`, fullPage: true });
  }
  await proctor.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole("button", { name: "End the exam…" }).click();
  const end = card.getByRole("form", { name: `End the exam of ${approved.name}` });
  await end.getByLabel("How the exam ends").selectOption("indeterminate");
  await end.getByLabel(/^Reason the candidate reads/).fill("Our video service failed during your exam.");
  await end.getByRole("button", { name: "End the exam…" }).click();
  const confirm = card.getByRole("group", { name: `Confirm the end of ${approved.name}'s exam` });
  await expect(confirm.getByRole("button", { name: "Keep the exam going" })).toBeFocused();
  await expectNoAxeViolations(proctor, "/staff/proctoring with a live session and the end confirmation");
  await confirm.getByRole("button", { name: "Yes, end the exam" }).click();
  const ended = proctor.getByRole("status").filter({ hasText: `${approved.name}'s exam ended as indeterminate` });
  await expect(ended).toBeFocused();
  const voucher = /Free retake voucher (\S+) is theirs/.exec((await ended.textContent()) ?? "")?.[1];
  expect(voucher).toBeTruthy();
  await expect(card).toHaveCount(0);

  // what the server holds: the candidate has the free retake voucher, and the ended exam was e-mailed
  const { exams } = (await (await request.get("/api/me/exams")).json()) as {
    exams: { voucherCode: string; source: string; state: string }[];
  };
  expect(exams.find((e) => e.voucherCode === voucher)).toMatchObject({ source: "free_retake", state: "paid" });
});
