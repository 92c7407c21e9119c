import { describe, expect } from "vitest";

import { baseUrl, chooseOption, saveForm, test } from "./support/browser";

describe("store and category pages", () => {
  test("a store page shows its live coupons, its deals, then its expired coupons dimmed, and a 'Visit' click-out", async ({
    adminPage,
    openPage,
  }) => {
    await adminPage.goto("/admin/coupons/add");
    await adminPage.getByLabel("Title").fill("Walmart Store Page Coupon");
    await chooseOption(adminPage, "Store", "Walmart");
    await adminPage.getByLabel("Description").fill("On small appliances");
    await adminPage.getByLabel("Discount value").fill("12");
    await adminPage.getByLabel("Status").selectOption("published");
    await saveForm(adminPage, "Create Coupon", "/admin/coupons", "Coupon created successfully");

    const { page } = await openPage();
    await page.goto("/stores");
    await page.getByRole("link", { name: "Walmart", exact: true }).click();
    await page.waitForURL("**/stores/walmart");
    await page.getByRole("heading", { level: 1, name: "Walmart Coupons & Deals" }).waitFor();

    const live = page.getByRole("region", { name: "Walmart coupons" });
    expect(await live.getByTestId("coupon-card").filter({ hasText: "Walmart Store Page Coupon" }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Walmart deals" }).getByTestId("deal-card").count()).toBeGreaterThan(
      0,
    );
    const expired = page
      .getByRole("region", { name: "Recently expired coupons" })
      .getByTestId("coupon-card")
      .filter({ hasText: "15% Off Kitchen Appliances" });
    expect(await expired.getAttribute("aria-disabled")).toBe("true");
    expect(await expired.getByRole("button", { name: "Expired" }).isDisabled()).toBe(true);
    // Live first, then deals, then expired, down the page.
    const order = await page.evaluate(() =>
      [...document.querySelectorAll("main h2")].map((heading) => heading.textContent),
    );
    expect(order).toEqual(["Walmart coupons", "Walmart deals", "Recently expired coupons"]);

    const visit = page.getByRole("link", { name: "Visit Walmart" });
    expect(await visit.getAttribute("rel")).toBe("sponsored nofollow noopener");
    const target = await fetch(new URL((await visit.getAttribute("href"))!, baseUrl()), { redirect: "manual" });
    expect(target.status).toBe(302);
    expect(target.headers.get("location")).toBe("https://www.walmart.com/?ref=dealdash");

    expect((await fetch(`${baseUrl()}/stores/no-such-store`)).status).toBe(404);
  });

  test("home's category tiles lead to category pages with their live deals", async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto("/");
    await page.getByRole("link", { name: /^Electronics \d+ deals?$/ }).click();
    await page.waitForURL("**/categories/electronics");
    await page.getByRole("heading", { level: 1, name: "Electronics Deals" }).waitFor();
    expect(await page.getByTestId("deal-card").count()).toBeGreaterThan(0);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Home" }).count()).toBe(1);

    // A deal's breadcrumb leads back to its category, and its store line to the store's page.
    await page.getByTestId("deal-card").first().getByRole("heading").getByRole("link").click();
    await page.waitForURL(/\/deals\//);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Electronics" }).waitFor();
    expect(await page.locator("main a[href^='/stores/']").count()).toBeGreaterThan(0);
    expect((await fetch(`${baseUrl()}/categories/no-such-category`)).status).toBe(404);
  });
});
