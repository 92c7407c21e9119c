import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";

import { prepareDatabase } from "../../app/db/database.server";
import { seedScaleData } from "../../app/db/seed/scale-data.server";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { dataDirsPerFile, test } from "./support/browser";

// Listings past the demo's two dozen deals: a server of its own on the demo content plus a few hundred rows
// and a hundred stores (what npm run seed:scale adds, small), so answers hold at most a few pages and filters
// stay short.

const newDataDir = dataDirsPerFile("dealdash-listings-");
let server: RunningServer;
beforeAll(async () => {
  const dataDir = newDataDir();
  const handle = await prepareDatabase({ kind: "pglite", dataDir }, { seedDemo: false });
  await seedScaleData(handle.db, {
    deals: 200,
    coupons: 150,
    stores: 100,
    categories: 5,
    clicks: 0,
    prices: 0,
    candidates: 0,
    earnings: 0,
    gifts: 60,
    guides: 0,
  });
  await handle.close();
  server = await startServer({ dataDir });
});
afterAll(() => server?.stop());

const ids = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((cards) => cards.map((card) => card.outerHTML));

describe("a listing past its first pages", () => {
  test("answers page 5 with pages 3–5 only, appends page 6 on 'Load More', and offers the pages before", async ({
    openPage,
  }) => {
    const { page } = await openPage({ url: server.url });
    await page.goto("/deal-dashes?page=5");
    const cards = page.getByTestId("deal-card");
    expect(await cards.count()).toBe(36);
    const earlier = page.getByRole("link", { name: "Show earlier deals" });
    expect(await earlier.getAttribute("href")).toBe("/deal-dashes?page=2");

    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("link", { name: "Load More Deals" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "6");
    await expect.poll(() => cards.count()).toBe(48);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    const shown = await ids(page, "deal-card");
    expect(new Set(shown).size).toBe(shown.length);

    // A reload (or a shared link) shows the last three pages again.
    await page.reload();
    expect(await cards.count()).toBe(36);

    await page.goto("/deal-dashes");
    expect(await cards.count()).toBe(12);
    expect(await earlier.count()).toBe(0);
  });

  test("does the same for coupons and gift collections", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await page.goto("/coupons?page=4");
    expect(await page.getByTestId("coupon-card").count()).toBe(36);
    expect(await page.getByRole("link", { name: "Show earlier coupons" }).getAttribute("href")).toBe("/coupons");

    await page.goto("/gift-ideas");
    const all = page.getByRole("region", { name: "All Gift Collections" }).getByTestId("gift-card");
    expect(await all.count()).toBe(12);
    await page.getByRole("link", { name: "Load More Gift Collections" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => all.count()).toBe(24);
  });
});

describe("the store filters of a catalogue with a hundred stores", () => {
  test("offer the forty busiest stores, A–Z, and filter by one", async ({ openPage }) => {
    const { page } = await openPage({ url: server.url });
    await page.goto("/deal-dashes");
    const store = page.getByRole("combobox", { name: "Store" });
    const offered = await store.locator("option").allTextContents();
    expect(offered[0]).toBe("All Stores");
    expect(offered.length).toBe(41);
    expect(offered.slice(1)).toEqual([...offered.slice(1)].sort((a, b) => a.localeCompare(b, "en")));

    const last = await store.locator("option").last().getAttribute("value");
    await store.selectOption(last!);
    await page.waitForURL((url) => url.searchParams.get("store") === last);
    expect(await page.getByRole("combobox", { name: "Store" }).inputValue()).toBe(last);
    const storesShown = async () =>
      new Set(await page.getByTestId("deal-card").locator("p.uppercase").allTextContents()).size;
    await expect.poll(storesShown).toBe(1);

    // Coupons offer stores by published coupons, as many at most.
    await page.goto("/coupons");
    expect(await page.getByRole("combobox", { name: "Store" }).locator("option").count()).toBe(41);
  });
});
