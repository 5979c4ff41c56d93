import { expect, test } from "@playwright/test";
import { MIN_MBPS } from "../../app/data/system-check";
import { expectNoAxeViolations, FAKE_CAMERA, pageAt, visit, WIDTHS } from "./helpers";

// Chromium's fake camera (a test pattern) and an automatic yes to the permission prompt, with the project's own args
test.use({
  launchOptions: FAKE_CAMERA,
});

test.describe("the system check (/system-check)", () => {
  test("runs every check: the camera preview plays, speeds are measured, each check and the whole get a verdict", async ({
    page,
  }) => {
    await visit(page, "/system-check");
    await expect(page.getByRole("heading", { level: 1, name: "System check for online exams" })).toBeVisible();
    await expect(page.getByText(/takes a few minutes/)).toBeVisible();
    for (const name of ["Camera", "Connection", "Display", "Browser"])
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

    await page.getByRole("button", { name: "Start the system check" }).click();

    // the camera: permission given by the fake UI, the fake device's picture plays in the labelled preview
    await expect(page.getByTestId("camera-verdict")).toHaveText(/^Passed: your camera works/);
    const preview = page.getByRole("region", { name: "Camera" }).locator("video");
    await expect(preview).toHaveAttribute("aria-label", "Live preview from your camera");
    await expect
      .poll(() =>
        preview.evaluate(
          (v: HTMLVideoElement) => !v.paused && v.readyState >= 2 && v.videoWidth > 0 && v.muted && v.currentTime > 0,
        ),
      )
      .toBe(true);

    // the connection: both speeds measured against this server and judged against the policy's minimum
    await expect(page.getByTestId("connection-verdict")).toHaveText(
      `Passed: both directions are faster than the ${MIN_MBPS} Mbps the exam needs.`,
      { timeout: 20_000 },
    );
    const speeds = page.getByTestId("speeds");
    await expect(speeds).toContainText(/Download\s*[\d.]+ Mbps/);
    await expect(speeds).toContainText(/Upload\s*[\d.]+ Mbps/);
    const numbers = (await speeds.locator("dd").allTextContents()).map((s) => Number.parseFloat(s));
    for (const n of numbers) expect(n).toBeGreaterThan(MIN_MBPS);

    // display and browser: read from this browser (headless Chromium on Linux, at ratio 1)
    await expect(page.getByTestId("display-verdict")).toHaveText(/^Passed: the display is at 100 % scaling\./);
    await expect(page.getByTestId("display-facts")).toContainText("Pixel ratio1 (100 %)");
    await expect(page.getByTestId("browser-verdict")).toHaveText(
      /^Passed: Chrome \d+ is supported, with cookies and storage on\./,
    );
    await expect(page.getByTestId("overall-verdict")).toHaveText("Passed: this computer is ready for an online exam.");

    // stopping the camera ends the device's track and hides the preview
    await page.getByRole("button", { name: "Stop the camera" }).click();
    await expect(preview).toBeHidden();
    expect(await preview.evaluate((v: HTMLVideoElement) => v.srcObject)).toBeNull();
  });

  test("a display scaled above 100 % on Windows fails, with how to fix it", async ({ browser }) => {
    const context = await browser.newContext({
      deviceScaleFactor: 1.25,
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    });
    const page = await context.newPage();
    await visit(page, "/system-check");
    await page.getByRole("button", { name: "Start the system check" }).click();
    await expect(page.getByTestId("display-verdict")).toHaveText(
      "Failed: the display is scaled to 125 %; the exam needs 100 % on Windows.",
    );
    await expect(page.getByRole("region", { name: "Display" })).toContainText(
      "Open Settings > System > Display, set Scale to 100 %",
    );
    await expect(page.getByTestId("overall-verdict")).toHaveText(/^Failed: fix the checks marked Failed/, {
      timeout: 20_000,
    });
    await context.close();
  });

  test("the camera denied gives a failed verdict with the fix", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
    });
    await visit(page, "/system-check");
    await page.getByRole("button", { name: "Start the system check" }).click();
    await expect(page.getByTestId("camera-verdict")).toHaveText(
      "Failed: the browser was not allowed to use the camera.",
    );
    await expect(page.getByRole("region", { name: "Camera" })).toContainText("set Camera to Allow for this site");
    await context.close();
  });

  test("the testing options page and the online exam policy link to it", async ({ request }) => {
    for (const path of ["/testing-options", "/testing/online-exam-policy"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('href="/system-check"');
    }
  });

  for (const width of WIDTHS)
    test(`no axe violations at ${width} px, before and after the check`, async ({ browser }) => {
      const page = await pageAt(browser, width);
      await visit(page, "/system-check");
      await expectNoAxeViolations(page, `/system-check at ${width}`);
      await page.getByRole("button", { name: "Start the system check" }).click();
      await expect(page.getByTestId("overall-verdict")).toHaveText(/^Passed/, { timeout: 20_000 });
      await expectNoAxeViolations(page, `/system-check checked at ${width}`);
      await page.context().close();
    });
});
