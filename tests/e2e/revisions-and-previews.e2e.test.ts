import { describe, expect } from "vitest";

import { baseUrl, chooseOption, formsHydrated, saveForm, test, toastWith } from "./support/browser";

// An item's revisions and preview links, as the owner and a stranger meet them: a save's changes field by
// field, a restore, and a draft's page shown signed out through a link that is then revoked.

const unique = Date.now().toString(36);

describe("revisions and preview links", () => {
  test("a draft deal's save is kept and restored; its preview link opens it signed out until revoked, and a tampered one says so", async ({
    adminPage: page,
    openPage,
  }) => {
    const first = `Preview Kettle ${unique}`;
    const second = `Preview Kettle Deluxe ${unique}`;
    await page.goto("/admin/deals/add");
    await formsHydrated(page);
    await chooseOption(page, "Store", "Target");
    await page.getByLabel("Title").fill(first);
    await page.getByLabel("Short description").fill("Boils in a minute");
    await page.getByLabel("Image URL").fill("https://example.com/kettle.png");
    await page.getByLabel("Affiliate URL").fill("https://example.com/kettle");
    await page.getByLabel("Current price ($)").fill("30");
    await saveForm(page, "Create Deal", "/admin/deals", "Deal created successfully");
    await page.getByRole("link", { name: `Edit ${first}` }).click();
    await page.waitForURL("**/admin/deals/edit/**");
    const editUrl = page.url();
    await formsHydrated(page);
    await page.getByLabel("Title").fill(second);
    await page.getByLabel("Current price ($)").fill("25");
    await saveForm(page, "Update Deal", "/admin/deals", "Deal updated successfully");

    // Its revisions: the save's changes in the form's words, then the first version restored.
    await page.goto(editUrl);
    await page.getByRole("link", { name: "Revisions", exact: true }).click();
    await page.getByRole("heading", { name: `Revisions of "${second}"` }).waitFor();
    const versions = page.getByTestId("revision");
    expect(await versions.count()).toBe(2);
    const saved = versions.first();
    expect(await saved.getByRole("row", { name: /^Title/ }).textContent()).toBe(`Title${first}${second}`);
    expect(await saved.getByRole("row", { name: /^Current price/ }).textContent()).toBe("Current price3025");
    await versions.nth(1).getByText("Created").waitFor();
    page.once("dialog", (dialog) => void dialog.accept());
    await versions
      .nth(1)
      .getByRole("button", { name: /^Restore the version of/ })
      .click();
    await page.waitForURL(editUrl);
    await toastWith(page, "Restored the version of").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe(first);
    expect(await page.getByLabel("Current price ($)").inputValue()).toBe("30");

    // A preview link: the draft's page for someone signed out, marked and kept from caches and search.
    await page.getByRole("button", { name: "Make a preview link" }).click();
    await toastWith(page, "Preview link made").waitFor();
    const link = await page.getByTestId("preview-links").getByRole("textbox", { name: "Preview link" }).inputValue();
    const address = new URL(link);
    const { page: stranger } = await openPage();
    await stranger.goto(`${baseUrl()}${address.pathname}`);
    await stranger.getByRole("heading", { level: 1, name: first }).waitFor();
    await stranger.getByTestId("preview-banner").getByText("Preview.").waitFor();
    expect(await stranger.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const previewed = new URL(stranger.url());
    const answer = await fetch(previewed);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex");
    // Without the link the draft is not there.
    expect((await fetch(`${baseUrl()}${previewed.pathname}`)).status).toBe(404);

    // A tampered link says so and opens nothing.
    const tampered = `${address.pathname.slice(0, -1)}${address.pathname.endsWith("A") ? "B" : "A"}`;
    await stranger.goto(`${baseUrl()}${tampered}`);
    await stranger.getByText("This preview link is not valid. Ask for a new one.").waitFor();

    // Revoked, the link stops at once.
    await page.getByRole("button", { name: /^Revoke the preview link/ }).click();
    await toastWith(page, "Preview link revoked").waitFor();
    expect(await page.getByTestId("preview-links").getByRole("textbox", { name: "Preview link" }).count()).toBe(0);
    await stranger.goto(`${baseUrl()}${address.pathname}`);
    await stranger.getByText("This preview link has been revoked. Ask for a new one.").waitFor();
    expect((await fetch(previewed)).status).toBe(404);
  });
});
