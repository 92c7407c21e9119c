import { describe, expect } from "vitest";

import { test, toastWith } from "./support/browser";

describe("background jobs", () => {
  test("the admin sees each job's schedule, last and next run, and can run one now", async ({ adminPage: page }) => {
    await page.goto("/admin");
    await page.getByRole("link", { name: "Background jobs" }).click();
    await page.getByRole("heading", { name: "Background jobs" }).waitFor();
    const row = page.getByTestId("job-row").filter({ hasText: "Clicks in the last 30 days" });
    await expect.poll(() => row.getByRole("cell").first().textContent()).toBe("Every 10 minutes");
    // The shared server runs on the embedded database: its upkeep is listed; link checks are switched off there.
    expect(await page.getByTestId("job-row").filter({ hasText: "Embedded database upkeep" }).count()).toBe(1);
    expect(await page.getByTestId("job-row").filter({ hasText: "Link health" }).count()).toBe(0);
    const next = new Date((await row.locator("time").last().getAttribute("datetime"))!);
    expect(next.getUTCMinutes() % 10).toBe(0);
    expect(next.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await row
      .getByRole("button", {
        name: "Run now for Clicks in the last 30 days (Most popular, unclicked items)",
        exact: true,
      })
      .click();
    await toastWith(page, "Clicks in the last 30 days (Most popular, unclicked items): started").waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.getByRole("cell").nth(1).textContent();
        },
        { timeout: 90_000 },
      )
      .toMatch(/^Done/);
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("None");

    // A backup asked for now says it started, and is listed once made.
    await page.getByRole("button", { name: "Back up now" }).click();
    await toastWith(page, "Backup started").waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("last-backup").textContent();
        },
        { timeout: 90_000 },
      )
      .toMatch(/^Last backup: /);
  });
});
