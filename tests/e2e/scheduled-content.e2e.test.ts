import { describe, expect } from "vitest";
import { baseUrl, chooseOption, saveForm, test, toastWith } from "./support/browser";

/** A datetime-local value (UTC, the site's time zone) for an instant. */
const inputValue = (at: Date) => at.toISOString().slice(0, 19);

describe("scheduled publishing", () => {
  test("a deal scheduled a few seconds ahead is Scheduled in the admin, absent from the site, appears on its own when its time passes and leaves at its unpublish time", async ({ adminPage, openPage }) => {
    const title = `Scheduled Soundbar ${Date.now()}`;
    const publishAt = new Date(Date.now() + 12_000);
    const unpublishAt = new Date(publishAt.getTime() + 6_000);
    await adminPage.goto("/admin/deals/add");
    await chooseOption(adminPage, "Store", "Best Buy");
    await adminPage.getByLabel("Title").fill(title);
    await adminPage.getByLabel("Short description").fill("Dolby Atmos soundbar");
    await adminPage.getByLabel("Image URL").fill("https://example.com/soundbar.png");
    await adminPage.getByLabel("Affiliate URL").fill("https://example.com/soundbar");
    await adminPage.getByLabel("Current price ($)").fill("199");
    await adminPage.getByLabel("Status").selectOption("published");
    await adminPage.getByLabel("Publish at", { exact: true }).fill(inputValue(publishAt));
    await adminPage.getByLabel("Unpublish at").fill(inputValue(unpublishAt));
    await saveForm(adminPage, "Create Deal", "/admin/deals", "Deal created successfully");

    const row = adminPage.getByRole("row").filter({ hasText: title });
    await row.getByText("Scheduled", { exact: true }).waitFor();
    expect(await row.getByText(/^Publishes /).count()).toBe(1);

    const { page } = await openPage();
    const listed = async () => {
      await page.goto(`/deal-dashes?search=${encodeURIComponent(title)}`);
      return page.getByTestId("deal-card").filter({ hasText: title }).count();
    };
    expect(await listed()).toBe(0);
    const slug = title.toLowerCase().replaceAll(" ", "-");
    expect((await fetch(`${baseUrl()}/deals/${slug}`)).status).toBe(404);

    // No job runs: the public read and the page cache follow the clock.
    const until = (at: Date) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now() + 300)));
    await until(publishAt);
    expect(await listed()).toBe(1);
    expect((await fetch(`${baseUrl()}/deals/${slug}`)).status).toBe(200);
    await until(unpublishAt);
    expect(await listed()).toBe(0);
    expect((await fetch(`${baseUrl()}/deals/${slug}`)).status).toBe(404);
    await adminPage.reload();
    await row.getByText("Expired", { exact: true }).waitFor();
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

    await adminPage.getByRole("row").filter({ hasText: title }).getByRole("link", { name: `Edit ${title}` }).click();
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
