import { parse } from "csv-parse/sync";
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { DESKTOP_CHROME, publishDealInAdmin, sidewaysScrollers, test } from "./support/browser";

// Earnings in the admin: a network's report uploaded as CSV through its column mapping, and what the
// clicks it names earned, in the analytics.

/** Opens Earnings → Upload a report and chooses a CSV file of these lines; the dialog it opened. */
async function chooseReport(page: Page, name: string, lines: string[]): Promise<Locator> {
  await page.getByRole("button", { name: "Upload a report" }).click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  return dialog;
}

describe("earnings", () => {
  test("uploads a network's report: guesses its columns, checks it without a write, imports the good lines", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/earnings");
    const dialog = await chooseReport(page, "rakuten-november.csv", [
      "Order ID,Transaction Status,Sales,Commissions,Transaction Date,Member ID (U1)",
      "E2E-1,Approved,200.00,12.00,25/11/2026,newsletter",
      "E2E-2,Pending,50.00,2.50,26/11/2026,",
      "E2E-3,Unknown,50.00,2.50,26/11/2026,",
    ]);
    // Guessed from the header and the first lines: a day past 12 comes first.
    await expect.poll(() => dialog.getByLabel("Transaction ID (required)").inputValue()).toBe("Order ID");
    expect(await dialog.getByLabel("Sub-ID").inputValue()).toBe("Member ID (U1)");
    expect(await dialog.getByLabel("Dates like 03/04/2026 are").inputValue()).toBe("dmy");
    // "Commissions" is no name the guess knows: the owner chooses it, and names the network.
    await expect.poll(() => dialog.getByRole("button", { name: "Check file" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Commission (required)").selectOption("Commissions");
    await dialog.getByText("e.g. 12.00").waitFor();
    await dialog.getByLabel("Network").fill("Rakuten E2E");
    await dialog.getByLabel("Currency of every line").fill("EUR");

    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("This file would create 2, update 0, leave 0 unchanged, refuse 1.").waitFor();
    await dialog
      .getByText("2 of the new or changed transactions name no item of ours: they would count as unattributed.")
      .waitFor();
    await dialog
      .getByTestId("import-line-refuse")
      .getByText('Transaction Status: "Unknown" is not a status we know (pending, approved, declined or paid).')
      .waitFor();

    await dialog.getByRole("button", { name: "Import 2 lines" }).click();
    await dialog.getByText("Done: created 2, updated 0, left 0 unchanged, refused 1.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    // The same report again changes nothing: a transaction is counted once.
    await chooseReport(page, "rakuten-november-again.csv", [
      "Order ID,Transaction Status,Sales,Commissions,Transaction Date,Member ID (U1)",
      "E2E-1,Approved,200.00,12.00,25/11/2026,newsletter",
    ]);
    await expect.poll(() => dialog.getByLabel("Network").isVisible()).toBe(true);
    await dialog.getByLabel("Commission (required)").selectOption("Commissions");
    await dialog.getByLabel("Network").fill("rakuten e2e");
    await dialog.getByLabel("Currency of every line").fill("EUR");
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("This file would create 0, update 0, leave 1 unchanged, refuse 0.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The report was in euros: its transactions wait for a rate into the site's dollars, then count.
    const euro = page.getByTestId("currency-rate-row").filter({ hasText: "EUR" });
    await euro.getByText("2 transactions").waitFor();
    await euro.getByLabel("Fixed rate of EUR in USD").fill("1.10");
    await euro.getByRole("button", { name: "Save" }).click();
    await page.getByText("Rate saved: transactions converted").waitFor();
    await euro.getByRole("cell", { name: "None" }).last().waitFor();
    await page.reload();
    expect(await euro.getByLabel("Fixed rate of EUR in USD").inputValue()).toBe("1.1");
  });
});

describe("Amazon's earnings report", () => {
  test("is read by its own columns when uploaded as downloaded, with no mapping to choose", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/earnings");
    const dialog = await chooseReport(page, "Fee-Earnings-2026-11.csv", [
      "Fee-Earnings reports from 2026-11-01 to 2026-11-30",
      "Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group",
      'Home,"Kettle, steel",B0E2EKETTL,Amazon.com,site-deals-20,2026-11-20 00:00:00,49.99,1,0,49.99,1.50,DESKTOP',
      "Home,Toaster,,Amazon.com,site-deals-20,2026-11-21 00:00:00,30.00,1,0,30.00,0.90,PHONE",
    ]);
    await dialog.getByText("This is Amazon's earnings report: no columns to choose.").waitFor();
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("This file would create 1, update 0, leave 0 unchanged, refuse 1.").waitFor();
    // The title line is line 1: the toaster is line 4.
    await dialog.getByTestId("import-line-refuse").getByText("no ASIN.").waitFor();
    await dialog.getByRole("button", { name: "Import 1 line" }).click();
    await dialog.getByText("Done: created 1, updated 0, left 0 unchanged, refused 1.").waitFor();
  });
});

/** A row's cells' text, by column name, in one of the analytics' tables. */
async function rowOf(page: Page, table: string, name: string): Promise<Record<string, string> | null> {
  const section = page.getByTestId(`report-${table}`);
  const row = section.getByRole("row").filter({ hasText: name });
  if ((await row.count()) === 0) return null;
  const headers = (await section.getByRole("columnheader").allTextContents()).map((text) => text.trim());
  const cells = (await row.first().getByRole("cell").allTextContents()).map((text) => text.trim());
  return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ""]));
}

const cents = (money: string | undefined) => Math.round(Number((money ?? "0").replace(/[^0-9.-]/g, "")) * 100);

describe("earnings in the analytics", () => {
  test("clicks out, a report naming them is uploaded, and the analytics show the earnings on the deal and its placements; the CSV matches", async ({
    openPage,
    adminPage,
  }) => {
    const title = `Earning Espresso Grinder ${Date.now()}`;
    await publishDealInAdmin(adminPage, {
      title,
      store: "Best Buy",
      price: "149",
      affiliateUrl: "https://www.awin1.com/cread.php?awinmid=1001&awinaffid=42&ued=https%3A%2F%2Fexample.com%2Fgrinder",
    });
    const placementsBefore = await adminPage.goto("/admin/analytics?range=7").then(async () => ({
      dashes: cents((await rowOf(adminPage, "placements", "Deal dashes"))?.Earnings),
      page: cents((await rowOf(adminPage, "placements", "Deal page"))?.Earnings),
    }));

    // A shopper clicks 'Get Deal' on the listing once and on the deal's page twice. Our redirect counts the
    // click and sends the browser on to Awin with the click's id as its clickref (Awin is not reachable
    // from here: the request is what matters).
    const { page, context } = await openPage({ userAgent: DESKTOP_CHROME });
    const clickOut = async (link: Locator) => {
      const [tab, request] = await Promise.all([
        context.waitForEvent("page"),
        context.waitForEvent("request", (sent) => new URL(sent.url()).hostname === "www.awin1.com"),
        link.click(),
      ]);
      const clickRef = new URL(request.url()).searchParams.get("clickref");
      expect(clickRef).toMatch(/^[0-9a-f-]{36}$/);
      await tab.close();
      return clickRef!;
    };
    await page.goto(`/deal-dashes?search=${encodeURIComponent(title)}`);
    const fromListing = await clickOut(
      page.getByTestId("deal-card").filter({ hasText: title }).getByRole("link", { name: "Get Deal" }),
    );
    await page.goto(`/deals/${title.toLowerCase().replaceAll(" ", "-")}`);
    const fromPage = [
      await clickOut(page.getByRole("link", { name: "Get Deal" }).first()),
      await clickOut(page.getByRole("link", { name: "Get Deal" }).first()),
    ];

    // Awin's report of those clicks: a sale from each place, one declined, one naming no click of ours.
    const day = new Date().toISOString().slice(0, 10);
    const network = `Awin E2E ${Date.now()}`;
    await adminPage.goto("/admin/earnings");
    await adminPage.getByRole("button", { name: "Upload a report" }).click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "awin-today.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Transaction ID,Commission Status,Commission Amount,Sale Amount,Currency,Transaction Date,Click Ref",
          `${network}-1,approved,7.50,75.00,USD,${day},${fromListing}`,
          `${network}-2,pending,12.25,122.50,USD,${day},${fromPage[0]}`,
          `${network}-3,declined,30.00,300.00,USD,${day},${fromPage[1]}`,
          `${network}-4,approved,4.00,40.00,USD,${day},newsletter-november`,
        ].join("\n"),
      ),
    });
    await expect.poll(() => dialog.getByLabel("Sub-ID").inputValue()).toBe("Click Ref");
    await dialog.getByLabel("Network").fill(network);
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog
      .getByText("1 of the new or changed transactions names no item of ours: they would count as unattributed.")
      .waitFor();
    await dialog.getByRole("button", { name: "Import 4 lines" }).click();
    await dialog.getByText("Done: created 4, updated 0, left 0 unchanged, refused 0.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    // The deal's row: 3 clicks, 2 sales (the declined one is not), $19.75; its placements each their own.
    await expect
      .poll(
        async () => {
          await adminPage.goto("/admin/analytics?range=7");
          return rowOf(adminPage, "items", title);
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toMatchObject({ Clicks: "3", Sales: "2", Conversion: "66.7%", Earnings: "$19.75", EPC: "$6.58" });
    expect(cents((await rowOf(adminPage, "placements", "Deal dashes"))?.Earnings) - placementsBefore.dashes).toBe(750);
    expect(cents((await rowOf(adminPage, "placements", "Deal page"))?.Earnings) - placementsBefore.page).toBe(1225);
    expect(await adminPage.getByTestId("total-earnings").textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);

    // The CSV export: the same figures as the screen, row for row.
    const csvHref = await adminPage.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const csv = parse(await (await adminPage.request.get(csvHref!)).text(), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    const line = (section: string, name: string) => csv.find((row) => row.Section === section && row.Name === name);
    expect(line("Top items", title)).toMatchObject({ Clicks: "3", Sales: "2", Earnings: "19.75" });
    for (const placement of ["Deal dashes", "Deal page"]) {
      const onScreen = (await rowOf(adminPage, "placements", placement))!;
      const inFile = line("By placement", placement)!;
      expect([inFile.Clicks, cents(inFile.Earnings)]).toEqual([
        onScreen.Clicks!.replaceAll(",", ""),
        cents(onScreen.Earnings),
      ]);
    }
    const total = line("Total", "Clicks out")!;
    expect(cents(total.Earnings)).toBe(cents((await adminPage.getByTestId("total-earnings").textContent())!));

    // Eight columns with earnings, yet on a phone nothing scrolls sideways: it shows clicks, sales and earnings.
    await adminPage.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScrollers(adminPage)).toEqual([]);
    expect(await rowOf(adminPage, "items", title)).toMatchObject({ Clicks: "3", Sales: "2", Earnings: "$19.75" });
  });
});
