import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { baseUrl, DESKTOP_CHROME, signedIn, test } from "./support/browser";

/** The clicks the analytics' top items show for an item, or 0 when it is not listed. */
async function topItemClicks(page: Page, title: string): Promise<number> {
  await page.goto("/admin/analytics?range=7");
  const row = page.getByTestId("report-items").getByRole("row").filter({ hasText: title });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole("cell").nth(2).textContent())!.replaceAll(",", ""));
}

describe("click analytics", () => {
  test("three click-outs on a deal show on the chart, in the figures and in top items; the dashboard sums them up", async ({
    openPage,
    adminPage,
  }) => {
    // The retailer is not reachable from here: the tab ends on an error page once our redirect counted the click.
    const { page, context } = await openPage({ userAgent: DESKTOP_CHROME });
    await page.goto("/deal-dashes?sort=price-high");
    const card = page.getByTestId("deal-card").last();
    const title = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/deals\//);

    const before = await topItemClicks(adminPage, title);
    const totalBefore = Number((await adminPage.getByTestId("total-clicks").textContent())!.replaceAll(",", ""));
    // 'Get Deal' opens the retailer in a new tab.
    for (let i = 0; i < 3; i++) {
      const [tab] = await Promise.all([
        context.waitForEvent("page"),
        page.getByRole("link", { name: "Get Deal" }).first().click(),
      ]);
      await tab.waitForURL((url) => url.origin !== baseUrl());
      await tab.close();
    }

    // The first view counts them at once in its totals, and says up to when its tables are counted.
    await adminPage.goto("/admin/analytics?range=7");
    expect(
      Number((await adminPage.getByTestId("total-clicks").textContent())!.replaceAll(",", "")),
    ).toBeGreaterThanOrEqual(totalBefore + 3);
    expect(await adminPage.getByTestId("counted-until").textContent()).toMatch(
      /^The tables are counted up to \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/,
    );
    // The tables follow with the next roll-up (the page asks for one, at most every few seconds).
    await expect.poll(() => topItemClicks(adminPage, title), { timeout: 90_000, interval: 1_000 }).toBe(before + 3);
    const totalAfter = Number((await adminPage.getByTestId("total-clicks").textContent())!.replaceAll(",", ""));
    expect(totalAfter).toBeGreaterThanOrEqual(totalBefore + 3);
    const chart = adminPage.getByRole("img", { name: /^Clicks out by day/ });
    expect(await chart.getAttribute("aria-label")).toContain(`${totalAfter.toLocaleString("en-US")} in all`);
    await adminPage.getByText("Show the figures as a table").first().click();
    const today = new Date().toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const todayRow = adminPage.getByRole("row").filter({ hasText: today });
    expect(Number((await todayRow.getByRole("cell").nth(1).textContent())!.replaceAll(",", ""))).toBeGreaterThanOrEqual(
      3,
    );
    const item = adminPage.getByTestId("report-items").getByRole("link", { name: title });
    expect(await item.getAttribute("href")).toMatch(/^\/admin\/deals\/edit\//);

    // The placement the clicks came from, and the device.
    expect(
      await adminPage.getByTestId("report-placements").getByRole("row").filter({ hasText: "Deal page" }).count(),
    ).toBe(1);
    expect(await adminPage.getByTestId("report-devices").getByRole("row").filter({ hasText: "Desktop" }).count()).toBe(
      1,
    );

    await adminPage.goto("/admin");
    await expect
      .poll(async () => Number((await adminPage.getByTestId("clicks-30-days").textContent())!.replaceAll(",", "")))
      .toBeGreaterThanOrEqual(3);
    expect(await adminPage.getByTestId("clicks-sparkline").count()).toBe(1);
  });

  test("on a phone the chart's axis words keep their size, and a table's figures stand apart", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } });
    await signedIn(page);
    await page.goto("/admin/analytics?range=30");
    const chart = page.getByTestId("clicks-chart-narrow");
    expect(await page.getByTestId("clicks-chart-wide").isVisible()).toBe(false);
    const heights = await chart
      .locator("text")
      .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(10);
    // Clicks and share stand apart: the space between the two figures' text on each row.
    const gaps = await page.evaluate(() =>
      [...document.querySelectorAll("[data-testid^='report-'] tbody tr")].map((row) => {
        // The cells a phone shows (a table with earnings keeps some for wider screens).
        const cells = [...row.querySelectorAll("td")].filter((cell) => cell.getClientRects().length > 0);
        const textBox = (cell: Element) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getBoundingClientRect();
        };
        return textBox(cells[cells.length - 1]!).left - textBox(cells[cells.length - 2]!).right;
      }),
    );
    expect(gaps.length).toBeGreaterThan(0);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(12);
  });

  test("a custom range that ends before it starts is refused at its field; the CSV is the view's", async ({
    adminPage,
  }) => {
    await adminPage.goto("/admin/analytics?range=custom&from=2026-03-10&to=2026-03-01");
    await adminPage.getByText("The end date must be on or after the start date.").waitFor();
    expect(await adminPage.getByLabel("To", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await adminPage.goto("/admin/analytics");
    await adminPage.getByLabel("Range").selectOption("7");
    await adminPage.waitForURL((url) => url.searchParams.get("range") === "7");
    const csvLink = adminPage.getByRole("link", { name: "Export CSV" });
    await expect.poll(() => csvLink.getAttribute("href")).toBe("/admin/analytics/csv?range=7");
    const csvHref = await csvLink.getAttribute("href");
    const csv = await (await adminPage.request.get(csvHref!)).text();
    // A byte-order mark first, as every download has: spreadsheets then read it as UTF-8.
    expect(csv.split("\n")[0]).toBe(
      "\uFEFFSection,Name,Type,Clicks,Previous period,Sales,Earnings,Previous earnings,Conversion rate,EPC",
    );
    expect(csv.match(/^By day,/gm)).toHaveLength(7);
    expect((await fetch(`${baseUrl()}/admin/analytics/csv`, { redirect: "manual" })).status).not.toBe(200);
  });
});
