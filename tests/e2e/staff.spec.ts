import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import {
  accommodationByApi,
  buyByApi,
  expectNoAxeViolations as axe,
  mailLink,
  signedInCandidate,
  visit,
} from "./helpers";

/** axe on the page as it first shows (scrolled to the top: the site's header does not sit over the menu). */
async function expectNoAxeViolations(page: Page, label: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await axe(page, label);
}

/**
 * The staff console in the browser (issue 19), one journey: an admin made the way `npm run admin:create`
 * makes one (its function, through a test fixture) invites a staff member by e-mail; the staff member
 * accepts, answers an inquiry by e-mail, records a passing result (the certificate verifies on /verify),
 * grants an accommodation request and refunds an order inside the 24 hours. Data that is not the
 * journey's point is set up through the API. Then: a candidate and a visitor are refused on every page.
 */
const stamp = Date.now();
const adminEmail = `chief${stamp}@example.org`;
const staffEmail = `desk${stamp}@example.org`;
const candidateEmail = `cand${stamp}@example.com`;
const inquirerEmail = `asker${stamp}@example.com`;
const password = "Sup3r$ecret";

const STAFF_PAGES = [
  "/staff",
  "/staff/inbox",
  "/staff/inbox/1",
  "/staff/orders",
  "/staff/candidates",
  "/staff/candidates/1",
  "/staff/results",
  "/staff/proctoring",
  "/staff/accommodations",
  "/staff/continuing-education",
  "/staff/appeals",
  "/staff/complaints",
  "/staff/members",
  "/staff/audit",
];

let admin: Page;
let staff: Page;
let candidate: Page;
const data = { voucherToPass: "", refundOrder: "", accommodation: "", inquiry: "", inquiryId: 0, firstOrder: "" };

/** A link of the console's own navigation (the dashboard links to the same pages). */
const menu = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name, exact: true });

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

async function newPage(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

/** Sets name and password on the invitation page and lands on the console's dashboard. */
async function accept(page: Page, path: string, first: string) {
  await visit(page, path);
  await expect(page.getByRole("heading", { level: 1, name: "Accept your invitation" })).toBeVisible();
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set password and open the console" }).click();
  await expect(page).toHaveURL("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** The candidate's data through the API: two paid exams, an accommodation request; and a contact message. */
async function setUpCandidate() {
  const r = candidate.request;
  await signedInCandidate(candidate, candidateEmail, password, { firstName: "Marie" });
  const buy = (certId: number) => buyByApi(r, certId, { firstName: "Marie", email: candidateEmail });
  data.firstOrder = (await buy(1)).order.reference;
  data.refundOrder = (await buy(2)).order.reference;
  const exams = (await (await r.get("/api/me/exams")).json()) as { exams: { certId: number; voucherCode: string }[] };
  data.voucherToPass = exams.exams.find((e) => e.certId === 1)!.voucherCode;
  data.accommodation = await accommodationByApi(r);
  const inq = await r.post("/api/inquiries", {
    data: {
      kind: "contact",
      name: "Ada Asker",
      email: inquirerEmail,
      message: "Do you offer group discounts for teams?",
    },
  });
  expect(inq.status()).toBe(201);
  data.inquiry = (await inq.json()).inquiry.reference;
  data.inquiryId = (await inq.json()).inquiry.id;
}

test.describe.serial("the staff console", () => {
  // each step is a few page loads and axe runs; the machine running CI is shared
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async ({ browser }) => {
    [admin, staff, candidate] = await Promise.all([newPage(browser), newPage(browser), newPage(browser)]);
  });

  test("an admin from the command line invites a staff member by e-mail, who accepts", async () => {
    const made = await admin.request.post("/api/test-fixtures/admin-invitation", { data: { email: adminEmail } });
    expect(made.status()).toBe(201);
    await accept(admin, (await made.json()).path, "Chief");
    await menu(admin, "Members").click();
    await expect(admin.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await admin.getByLabel("E-mail address").fill(staffEmail);
    await admin.getByRole("button", { name: "Send invitation" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "An invitation was e-mailed" })).toBeVisible();

    await accept(staff, await mailLink(staff.request, staffEmail, "/invitation"), "Desk");
    await expect(
      staff.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Members" }),
    ).toHaveCount(0);
  });

  test("set-up through the API: a candidate with two paid exams and an accommodation request; a contact message", async () => {
    await setUpCandidate();
  });

  test("answers an inquiry by e-mail", async () => {
    await menu(staff, "Inbox").click();
    await staff.getByLabel("Search").fill(data.inquiry);
    await staff.getByRole("button", { name: "Search" }).click();
    await staff.getByRole("link", { name: data.inquiry }).click();
    await expect(staff.getByRole("heading", { level: 1, name: `Message ${data.inquiry}` })).toBeVisible();
    await staff.getByLabel("Subject").fill("Group discounts");
    await staff
      .getByLabel("Your reply")
      .fill("Yes: teams of five or more get a group price. Write back with the size of your team.");
    await staff.getByRole("button", { name: `Send reply to ${inquirerEmail}` }).click();
    await expect(staff.getByRole("status").filter({ hasText: "Your reply was sent" })).toBeVisible();
    await expect(staff.getByRole("article")).toContainText("Group discounts");
    await expect
      .poll(async () => {
        const res = await staff.request.get(`/dev/mailbox.json?to=${encodeURIComponent(inquirerEmail)}`);
        return ((await res.json()) as { messages: { subject: string; text: string }[] }).messages.map((m) => m.subject);
      })
      .toContain(`Group discounts (${data.inquiry})`);
  });

  test("records a passing result: the certificate is issued and verifies on /verify", async () => {
    await menu(staff, "Results").click();
    await staff.getByLabel("Voucher code").fill(data.voucherToPass);
    await staff.getByLabel("Score (percent correct)").fill("88");
    await staff.getByRole("button", { name: "Record result", exact: true }).click();
    const done = staff.getByRole("status").filter({ hasText: "Pass recorded" });
    await expect(done).toContainText("Marie Lovelace");
    const credentialId = /Certification (\S+) is issued/.exec((await done.textContent())!)![1]!;

    await candidate.goto("/account/certifications");
    await expect(candidate.getByText(credentialId, { exact: true })).toBeVisible();
    await visit(candidate, `/verify?id=${encodeURIComponent(credentialId)}`);
    await candidate.getByLabel("Holder's last name").fill("Lovelace");
    await candidate.getByRole("button", { name: "Verify" }).click();
    await expect(candidate.getByRole("region", { name: "Active" })).toContainText("Marie Lovelace");
  });

  test("grants an accommodation request (overdue first) with the determination e-mail", async () => {
    await menu(staff, "Accommodations").click();
    await staff.getByRole("button", { name: data.accommodation }).click();
    // the candidate's document downloads from the queue (staff only: server/staff/operations.test.ts)
    // kept under our name (what it is, its id, its checked type), not the name the browser gave
    const letter = staff.getByRole("link", { name: /^document-\d+\.pdf$/ });
    const file = await staff.request.get((await letter.getAttribute("href"))!);
    expect(file.headers()["content-disposition"]).toBe(`attachment; filename="${await letter.textContent()}"`);
    const decide = staff.getByRole("form", { name: `Decide ${data.accommodation}` });
    await decide.getByLabel("Grant").check();
    await decide.getByLabel("What the candidate reads").fill("You will have 50% extra time on the exam.");
    await decide.getByRole("button", { name: "Send the decision" }).click();
    await expect(staff.getByRole("status").filter({ hasText: `${data.accommodation} is granted` })).toBeVisible();
    await expect
      .poll(async () => {
        const res = await staff.request.get(`/dev/mailbox.json?to=${encodeURIComponent(candidateEmail)}`);
        return ((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
      })
      .toContain(`The decision on your accommodation request ${data.accommodation}`);
  });

  test("refunds an order inside the 24 hours", async () => {
    await menu(staff, "Orders").click();
    await staff.getByLabel("Search (reference, name, e-mail, voucher)").fill(data.refundOrder);
    await staff.getByRole("button", { name: "Search" }).click();
    // the searched list, not the whole one it replaces: a click on the whole list's button can be redrawn away
    await expect(staff.getByText("Rows 1–1 of 1")).toBeVisible();
    await staff.getByRole("button", { name: `Refund order ${data.refundOrder}` }).click();
    await staff.getByRole("button", { name: "Confirm refund" }).click();
    await expect(staff.getByRole("status").filter({ hasText: `${data.refundOrder}: Refunded` })).toBeVisible();
    await expect(staff.getByRole("cell", { name: "Refunded" })).toBeVisible();
  });

  test("keyboard only: sort the orders by a header, page through the server, open a row", async () => {
    const orders = `/staff/orders?q=${encodeURIComponent(candidateEmail)}&pageSize=1`;
    await staff.goto(orders);
    await expect(staff.getByText("Rows 1–1 of 2")).toBeVisible();
    const header = staff.getByRole("button", { name: /^Order/ });
    await tabTo(staff, header);
    await staff.keyboard.press("Enter");
    await expect(staff.getByRole("columnheader", { name: /^Order/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(staff).toHaveURL(/sort=reference/);
    const [first, second] = [data.refundOrder, data.firstOrder].sort();
    await expect(staff.getByRole("table")).toContainText(first!);
    await tabTo(staff, staff.getByRole("button", { name: "Next page" }));
    await staff.keyboard.press("Enter");
    await expect(staff.getByText("Rows 2–2 of 2")).toBeVisible();
    await expect(staff.getByRole("table")).toContainText(second!);
    await tabTo(staff, staff.getByRole("table").getByRole("link", { name: "Marie Lovelace" }), "Shift+Tab");
    await staff.keyboard.press("Enter");
    await expect(staff.getByRole("heading", { level: 1, name: /Marie Lovelace/ })).toBeVisible();
  });

  test("every staff page is axe clean at 1280 px and at 390 px, where only tables scroll sideways", async () => {
    const ids = (await (
      await admin.request.get(`/api/staff/candidates?q=${encodeURIComponent(candidateEmail)}`)
    ).json()) as { candidates: { id: number }[] };
    const pages = STAFF_PAGES.map((p) =>
      p
        .replace("/inbox/1", `/inbox/${data.inquiryId}`)
        .replace("/candidates/1", `/candidates/${ids.candidates[0]!.id}`),
    );
    test.setTimeout(pages.length * 2 * 20_000);
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await admin.goto(path);
        await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(admin.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectNoAxeViolations(admin, `${path} at ${width} px`);
        // what reaches past the right edge (a wide table's own box scrolls, so its cells do not count)
        const wide = await admin.evaluate(() =>
          document.documentElement.scrollWidth > window.innerWidth
            ? [...document.querySelectorAll("body *")]
                .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
                .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
                .slice(0, 3)
            : [],
        );
        expect(wide, `${path} scrolls sideways at ${width} px`).toEqual([]);
      }
    }
  });

  test("a visitor goes to the login page and back; a candidate is refused, on every staff page", async ({
    browser,
  }) => {
    const visitor = await newPage(browser);
    for (const path of STAFF_PAGES) {
      await visitor.goto(path);
      await expect(visitor, path).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
    }
    for (const path of STAFF_PAGES) {
      await candidate.goto(path);
      await expect(candidate.getByRole("alert"), path).toHaveText(/Your account does not have access to this page\./);
    }
    expect((await candidate.request.get("/api/staff/dashboard")).status()).toBe(403);
  });
});
