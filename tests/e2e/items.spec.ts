import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";
import { newAdmin, saveDraft, smeJoins, submitForReview, writeItem } from "./sme";

/**
 * Issue 30.1 and 30.2 in the browser, one journey: an admin invites two subject-matter experts; each accepts
 * the non-disclosure agreement and declares no conflict of interest before the bank opens; the first writes
 * an item (its key check runs on save, its preview is the candidate's question), submits it for review; the
 * second approves it, and it is listed as approved. (Issue 30.3's pretest part: item-pretest.spec.ts.)
 */
const stamp = Date.now();
const program = "console.log([1, 2, 3].map((n) => n * 2).join());";

test("one SME writes an item, a second approves it, and it is listed as approved", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newAdmin(browser, `chief${stamp}@example.org`);
  const author = await smeJoins(browser, admin, `author${stamp}@example.org`, "Ada", true);
  const reviewer = await smeJoins(browser, admin, `reviewer${stamp}@example.org`, "Grace");

  // the author writes the item
  await writeItem(author, {
    domain: "Arrays",
    stem: `What does this program log?\n\n\`\`\`js\n${program}\n\`\`\``,
    options: ["2,4,6", "[2, 4, 6]", "1,2,3", "undefined"],
    rationale: "map doubles each element and join() with no argument joins them with commas, without brackets.",
  });
  await author.getByLabel(/^Reference/).fill("MDN Web Docs: Array.prototype.join()");
  await author.getByLabel(/^Key check/).fill(JSON.stringify({ engine: "js", mode: "output", code: program }, null, 2));
  // the preview is the candidate's question: the stem's code block and the four options as radio buttons
  const preview = author.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("region", { name: "JavaScript code" })).toContainText("join()");
  await expect(preview.getByRole("radio")).toHaveCount(4);
  await author.screenshot({ path: "test-results/items-editor-1280.png", fullPage: true });

  const { itemUrl, itemId } = await saveDraft(
    author,
    /Saved js-arrays-\d{3} version 1 as a draft\. Key check: passed\./,
    /^js-arrays-\d{3}, version 1$/,
  );
  await expect(author.locator("[data-check-status=passed]")).toContainText("Passed");
  await expectNoAxeViolations(author, "item editor");
  await submitForReview(author, itemId);
  // the author cannot approve their own item
  await expect(author.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(author.getByText("Waiting for a second subject-matter expert to review it.")).toBeVisible();

  // the second SME approves it
  await reviewer.goto(itemUrl);
  await expect(reviewer.getByRole("heading", { level: 1, name: `${itemId}, version 1` })).toBeVisible();
  await expect(reviewer.getByText("Key: option A (2,4,6)")).toBeVisible();
  await reviewer.getByRole("button", { name: "Approve" }).click();
  await expect(reviewer.getByRole("status")).toHaveText(`${itemId} version 1 is now approved.`);

  // listed as approved in the bank
  await reviewer.goto("/staff/items?exam=js&state=approved");
  await expect(reviewer.getByRole("link", { name: `${itemId} v1` })).toBeVisible();
  await author.setViewportSize({ width: 390, height: 844 });
  await author.goto(itemUrl);
  await expect(author.getByRole("heading", { level: 1, name: `${itemId}, version 1` })).toBeVisible();
  await author.screenshot({ path: "test-results/items-item-390.png", fullPage: true });
});

/**
 * The browser key-check engine as the built server runs it: in a child process of its own (the built
 * browser-check.js beside server.js; server/exams/checks/browser-process.ts), so that playwright-core's
 * AsyncLocalStorage never turns on async hooks in the server. The check computes the key, and says so.
 */
test("an HTML and CSS item's browser check runs on save and computes the key", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await newAdmin(browser, `chief-css${stamp}@example.org`);
  const author = await smeJoins(browser, admin, `author-css${stamp}@example.org`, "Hedy");
  await writeItem(author, {
    exam: "HTML, CSS Web Designer Online Exam",
    domain: "CSS Basics",
    stem: "With `box-sizing: border-box`, how wide is a box with `width: 200px`, `padding: 10px` and a 5px border?",
    options: ["200px", "230px", "170px", "210px"],
    rationale: "border-box counts the padding and the border inside the declared width, so the box stays 200px wide.",
  });
  const check = {
    engine: "browser",
    mode: "output",
    html: '<div id="box">x</div>',
    css: "#box { box-sizing: border-box; width: 200px; padding: 10px; border: 5px solid; }",
    probe: { box: "#box", measure: "width" },
  };
  await author.getByLabel(/^Key check/).fill(JSON.stringify(check, null, 2));
  await saveDraft(
    author,
    /Saved htmlcss-css-basics-\d{3} version 1 as a draft\. Key check: passed\./,
    /^htmlcss-css-basics-\d{3}, version 1$/,
  );
  await expect(author.locator("[data-check-status=passed]")).toContainText("Passed");
});
