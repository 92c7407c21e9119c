import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";

import { prepareDatabase } from "../../app/db/database.server";
import { seedScaleData } from "../../app/db/seed/scale-data.server";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { chooseOption, dataDirsPerFile, downloadedText, signedIn, test, toastWith } from "./support/browser";

// The admin lists on a server of their own with a few hundred rows: paging, filters and search held in
// the URL, bulk actions, duplicate, CSV in and out, and the admin on a phone.

const admin = { email: "lists-admin@example.com", password: "lists-admin-password" };
const newDataDir = dataDirsPerFile("dealdash-lists-");
let server: RunningServer;

beforeAll(async () => {
  const dataDir = newDataDir();
  const handle = await prepareDatabase({ kind: "pglite", dataDir }, { seedDemo: true });
  await seedScaleData(handle.db, {
    stores: 12,
    categories: 6,
    deals: 140,
    coupons: 40,
    gifts: 10,
    guides: 5,
    clicks: 0,
    prices: 0,
    candidates: 0,
    earnings: 0,
  });
  await handle.close();
  server = await startServer({ dataDir, env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
});
afterAll(() => server?.stop());

const range = (page: Page) => page.getByTestId("page-range").textContent();
const rowTitles = (page: Page, key: string) =>
  page.getByTestId(`${key}-row`).locator("td[data-label] p.font-medium").allTextContents();
const search = (page: Page) => new URL(page.url()).searchParams;

describe("admin lists", () => {
  test("page, filter, search and sort live in the URL, and Back returns to each view", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/deals?size=25");
    expect(await range(page)).toMatch(/^Showing 1–25 of \d{3}$/);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect.poll(() => range(page)).toMatch(/^Showing 26–50 of /);
    expect(search(page).get("page")).toBe("2");

    await page.getByRole("combobox", { name: "Filter by status" }).selectOption("draft");
    await expect.poll(() => search(page).get("status")).toBe("draft");
    expect(search(page).get("page")).toBeNull();
    const statuses = () => page.getByTestId("deal-row").locator('td[data-label="Status"]').allTextContents();
    await expect.poll(async () => (await statuses()).every((status) => status.startsWith("draft"))).toBe(true);

    const brand = (await rowTitles(page, "deal"))[0]!.split(" ")[0]!.toLowerCase();
    await page.getByRole("searchbox", { name: "Search deals" }).fill(brand);
    await page.getByRole("searchbox", { name: "Search deals" }).press("Enter");
    await expect.poll(() => search(page).get("q")).toBe(brand);
    expect(search(page).get("status")).toBe("draft");
    await expect
      .poll(async () => {
        const found = await rowTitles(page, "deal");
        return found.length > 0 && found.every((title) => title.toLowerCase().includes(brand));
      })
      .toBe(true);

    await page.goBack();
    await expect.poll(() => page.getByRole("searchbox", { name: "Search deals" }).inputValue()).toBe("");
    expect(search(page).get("q")).toBeNull();
    expect(await page.getByRole("combobox", { name: "Filter by status" }).inputValue()).toBe("draft");
    await page.goBack();
    await expect.poll(() => range(page)).toMatch(/^Showing 26–50 of /);

    await page
      .getByRole("columnheader", { name: /^Deal\b/ })
      .getByRole("link")
      .click();
    await expect.poll(() => search(page).get("sort")).toBe("deal");
    // The rows follow the URL once the navigation settles.
    const firstFive = async () => (await rowTitles(page, "deal")).slice(0, 5);
    await expect
      .poll(async () => {
        const titles = await firstFive();
        return titles.every(
          (title, i) => i === 0 || titles[i - 1]!.localeCompare(title, "en", { sensitivity: "base" }) <= 0,
        );
      })
      .toBe(true);

    // A reference filter is a combobox that searches the server.
    await page.goto("/admin/deals");
    const store = await page.getByTestId("deal-row").first().locator('td[data-label="Store"]').textContent();
    await chooseOption(page, "Filter by store", store!);
    await expect.poll(() => search(page).get("store")).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(async () => new Set(await page.getByTestId("deal-row").locator('td[data-label="Store"]').allTextContents()))
      .toEqual(new Set([store]));
  });

  test("publishes ticked rows, archives all rows a search matches, and keeps stores other rows use", async ({
    openPage,
  }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/deals?status=draft&sort=deal&dir=asc");
    const [first, second] = await rowTitles(page, "deal");
    await page.getByRole("checkbox", { name: `Select ${first}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${second}`, exact: true }).check();
    await page.getByTestId("selection-count").getByText("2 selected").waitFor();
    await page.getByRole("combobox", { name: "Bulk action" }).selectOption("publish");
    await page.getByRole("button", { name: "Apply" }).click();
    await toastWith(page, "2 deals published").waitFor();
    await expect.poll(() => rowTitles(page, "deal")).not.toContain(first);

    await page.goto("/admin/deals?q=bose&size=25");
    const total = Number((await range(page))!.replace(/.* of /, ""));
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    if (total > 25) await page.getByRole("button", { name: `Select all ${total} matching deals` }).click();
    await page.getByRole("combobox", { name: "Bulk action" }).selectOption("archive");
    await page.getByRole("button", { name: "Apply" }).click();
    await toastWith(page, "archived").waitFor();
    await page.goto("/admin/deals?q=bose&status=archived");
    expect(await range(page)).toMatch(new RegExp(`of ${total}$`));

    // Stores: the one with deals stays, with the reason; the unused one goes.
    await page.goto("/admin/stores/add");
    await page.getByLabel("Name", { exact: true }).fill("Unused Store");
    await page.getByRole("button", { name: "Create Store" }).click();
    await page.waitForURL("**/admin/stores");
    await page.goto("/admin/stores?size=100");
    await page.getByRole("checkbox", { name: "Select Unused Store", exact: true }).check();
    await page.getByRole("checkbox", { name: "Select Best Buy", exact: true }).check();
    await page.getByRole("combobox", { name: "Bulk action" }).selectOption("delete");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toastWith(page, '1 store deleted. 1 store not deleted. "Best Buy": This store is used by').waitFor();
    await page.getByRole("checkbox", { name: "Select Best Buy", exact: true }).waitFor();
    await page.getByRole("checkbox", { name: "Select Unused Store", exact: true }).waitFor({ state: "detached" });
  });

  test("duplicates a row as a draft and opens the copy", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/coupons?sort=title&dir=asc");
    const [title] = await rowTitles(page, "coupon");
    // The scale data's titles repeat: the first row's button, named for its row.
    await page
      .getByTestId("coupon-row")
      .first()
      .getByRole("button", { name: `Duplicate ${title}`, exact: true })
      .click();
    await page.waitForURL(/\/admin\/coupons\/edit\/[0-9a-f-]{36}$/);
    await toastWith(page, "Coupon copied. You are editing the copy, saved as a draft.").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe(`${title} (copy)`);
    expect(await page.getByLabel("Status").inputValue()).toBe("draft");
  });

  test("imports a CSV: refuses one that is not UTF-8, shows problems first in the file's words, hands them back as a file, skips them", async ({
    openPage,
  }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/stores");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog");
    const template = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name: "Download a template" }).click(),
    ]);
    expect(await downloadedText(template[0])).toBe(
      "\uFEFFID,Name,Slug,Logo URL,SEO title,SEO description,Affiliate URL,API type,Click IDs off\n",
    );
    // A spreadsheet's Latin-1 "CSV" goes up as the bytes it holds, and is refused rather than stored with U+FFFD.
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "latin1.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Name,Slug\nCaf\xe9 Ol\xe9,cafe-ole\n", "latin1"),
    });
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog
      .getByRole("alert")
      .getByText(
        'This file is not UTF-8 text, so its accented letters would be lost. Save it from your spreadsheet as "CSV UTF-8" and import it again.',
      )
      .waitFor();
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "stores.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Name,Slug\nHarbor Outfitters,harbor-outfitters\nMeadow Books,meadow-books\n,no-name-store\n",
      ),
    });
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("This file would create 2, update 0, leave 0 unchanged, refuse 1.").waitFor();
    // Problems are shown first, alone, named by the file's own column.
    await dialog.getByRole("button", { name: "Problems (1)", pressed: true }).waitFor();
    expect(await dialog.getByTestId("import-line-create").count()).toBe(0);
    await dialog.getByTestId("import-line-refuse").getByText("Name: Store name is required").waitFor();
    const refused = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: /Download the 1 refused line/ }).click(),
    ]);
    expect(await downloadedText(refused[0])).toBe(
      "\uFEFFName,Slug,Problem\n,no-name-store,Name: Store name is required\n",
    );
    await dialog.getByRole("button", { name: "All" }).click();
    expect(await dialog.getByTestId("import-line-create").count()).toBe(2);
    expect(await page.evaluate(() => fetch("/admin/stores?q=harbor").then((r) => r.text()))).not.toContain(
      "Harbor Outfitters",
    );

    await dialog.getByRole("button", { name: "Import 2 lines" }).click();
    await dialog.getByText("Done: created 2, updated 0, left 0 unchanged, refused 1.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.goto("/admin/stores?q=harbor");
    await page.getByTestId("store-row").getByText("Harbor Outfitters").waitFor();
  });

  test("exports the list a filter shows as CSV", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await signedIn(page, admin);
    await page.goto("/admin/coupons?status=published");
    const total = Number((await range(page))!.replace(/.* of /, ""));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^coupons-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloadedText(download);
    expect(text.startsWith("\uFEFFID,Title,Description,Store,")).toBe(true);
    const lines = text.trim().split("\n");
    expect(lines.length - 1).toBe(total);
    expect(lines.slice(1).every((line) => line.includes(",published,"))).toBe(true);
  });

  test("works on a 390 px phone: a menu drawer, cards, nothing scrolls sideways", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url, viewport: { width: 390, height: 844 } });
    await signedIn(page, admin);
    // Its lists with a few hundred rows (admin-fits.e2e.test.ts measures every admin page on the demo's).
    for (const path of ["/admin/deals", "/admin/coupons?status=draft", "/admin/stores"]) {
      await page.goto(path);
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
    }
    await page.goto("/admin/deals");
    expect(await page.getByRole("navigation", { name: "Admin" }).count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Coupons" }).click();
    await page.waitForURL("**/admin/coupons");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  });
});
