import { describe, expect } from "vitest";

import { baseUrl, chooseOption, publishDealInAdmin, saveForm, test, toastWith } from "./support/browser";

/** A datetime-local value (UTC, the site's time zone) for an instant. */
const inputValue = (at: Date) => at.toISOString().slice(0, 19);

describe("scheduled publishing", () => {
  test("a deal scheduled ahead is Scheduled in the admin, absent from the site, appears on its own when its time passes and leaves at its unpublish time", async ({
    adminPage,
  }) => {
    const title = `Scheduled Soundbar ${Date.now()}`;
    await publishDealInAdmin(adminPage, {
      title,
      store: "Best Buy",
      price: "199",
      publishAt: inputValue(new Date(Date.now() + 3_600_000)),
    });

    const row = adminPage.getByRole("row").filter({ hasText: title });
    await row.getByText("Scheduled", { exact: true }).waitFor();
    expect(await row.getByText(/^Publishes /).count()).toBe(1);

    // What a shopper is served (the cached page included), read over HTTP: a browser per poll costs more.
    const slug = title.toLowerCase().replaceAll(" ", "-");
    const listed = async () => {
      const html = await (await fetch(`${baseUrl()}/deal-dashes?search=${encodeURIComponent(title)}`)).text();
      return html.includes(`href="/deals/${slug}"`);
    };
    expect(await listed()).toBe(false);
    const status = async () => (await fetch(`${baseUrl()}/deals/${slug}`)).status;
    expect(await status()).toBe(404);

    // Moved to a few seconds from now, with an end soon after (wide enough for a busy machine to see it:
    // a listing is read twice a second).
    const publishAt = new Date(Date.now() + 3_000);
    await adminPage.goto((await row.locator("a[href*='/admin/deals/edit/']").first().getAttribute("href"))!);
    await adminPage.getByLabel("Publish at", { exact: true }).fill(inputValue(publishAt));
    await adminPage.getByLabel("Unpublish at").fill(inputValue(new Date(publishAt.getTime() + 12_000)));
    await saveForm(adminPage, "Update Deal", "/admin/deals", "Deal updated successfully");

    // No job runs and nothing is written: the public read and the page cache follow the clock.
    await expect.poll(listed, { timeout: 90_000, interval: 500 }).toBe(true);
    expect(await status()).toBe(200);
    await expect.poll(listed, { timeout: 90_000, interval: 500 }).toBe(false);
    expect(await status()).toBe(404);
    // Past its unpublish time it is unpublished in the list, not 'published' and 'Expired'.
    await adminPage.reload();
    await row.getByText("Unpublished", { exact: true }).waitFor();
    expect(await row.getByText(/^Unpublished \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/).count()).toBe(1);
    expect(await row.getByText("published", { exact: true }).count()).toBe(0);
    expect(await row.getByText("Expired", { exact: true }).count()).toBe(0);
  });

  test("a schedule is shown on the form and 'Clear schedule' cancels it", async ({ adminPage }) => {
    const title = `Postponed Coupon ${Date.now()}`;
    await adminPage.goto("/admin/coupons/add");
    await adminPage.getByLabel("Title").fill(title);
    await chooseOption(adminPage, "Store", "Walmart");
    await adminPage.getByLabel("Description").fill("Ten percent off");
    await adminPage.getByLabel("Discount value").fill("10");
    await adminPage.getByLabel("Status").selectOption("published");
    await adminPage.getByLabel("Publish at", { exact: true }).fill("2099-01-01T09:00");
    await adminPage.getByLabel("Unpublish at").fill("2098-12-31T09:00");
    await adminPage.getByRole("button", { name: "Create Coupon" }).click();
    await adminPage.getByText("Unpublish at must be after Publish at").waitFor();
    await adminPage.getByLabel("Unpublish at").fill("2099-01-02T09:00");
    await saveForm(adminPage, "Create Coupon", "/admin/coupons", "Coupon created successfully");

    await adminPage
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    expect(await adminPage.getByLabel("Publish at", { exact: true }).inputValue()).toBe("2099-01-01T09:00");
    await adminPage.getByRole("button", { name: "Clear schedule" }).click();
    expect(await adminPage.getByLabel("Publish at", { exact: true }).inputValue()).toBe("");
    await saveForm(adminPage, "Update Coupon", "/admin/coupons", "Coupon updated successfully");
    const row = adminPage.getByRole("row").filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByText("Scheduled", { exact: true }).count()).toBe(0);
    expect(await toastWith(adminPage, "Coupon updated successfully").count()).toBe(1);
  });
});
