import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { chooseOption, test, toastWith } from "./support/browser";

// A team in the admin: an owner invites people by email, each joins through the link with their role, a
// contributor's draft waits for review and an editor publishes it. All on the shared server, with
// addresses of this run's own.

const run = Date.now().toString(36);

/** Invites `email` as `role` from the users page; returns the invitation's link as the page shows it. */
async function inviteFrom(owner: Page, email: string, role: string): Promise<string> {
  await owner.goto("/admin/users");
  await owner.getByLabel("Email").fill(email);
  // Named "Role" alone (each user's row has its own, "Role of …"), not with its options' words as well.
  await owner.getByRole("combobox", { name: "Role", exact: true }).selectOption({ label: role });
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await toastWith(owner, `Invitation sent to ${email}`).waitFor();
  const row = owner.getByTestId("invitation-row").filter({ hasText: email });
  return row.getByRole("textbox").inputValue();
}

/** Opens an invitation's link signed out and creates the account; lands on the dashboard. */
async function accept(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(`${name}-password`);
  await page.getByLabel("Confirm password").fill(`${name}-password`);
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await toastWith(page, "Welcome to DealDash").waitFor();
}

describe("a team", () => {
  test("an invited contributor's draft is submitted for review and published by an invited editor", async ({
    adminPage: owner,
    openPage,
  }) => {
    const writerEmail = `writer-${run}@example.com`;
    const editorEmail = `editor-${run}@example.com`;
    const writerLink = await inviteFrom(owner, writerEmail, "Contributor");
    const editorLink = await inviteFrom(owner, editorEmail, "Editor");

    // A tampered link says so and makes nothing.
    const { page: stranger } = await openPage();
    await stranger.goto(writerLink.replace(/token=.{4}/, "token=AAAA"));
    await expect.poll(() => stranger.getByRole("alert").textContent()).toContain("This invitation link is not valid");

    const { page: writer } = await openPage();
    await accept(writer, writerLink, "writer");
    // A contributor's admin: their content, no analytics, no settings; a settings page is refused.
    const sidebar = writer.getByRole("navigation", { name: "Admin" }).first();
    await expect.poll(() => sidebar.getByRole("link", { name: "Deals" }).count()).toBe(1);
    expect(await sidebar.getByRole("link", { name: "Analytics" }).count()).toBe(0);
    expect(await sidebar.getByRole("link", { name: "Amazon" }).count()).toBe(0);
    await writer.goto("/admin/settings/amazon");
    await expect.poll(() => writer.getByRole("alert").textContent()).toContain("Your role does not allow this");

    // The used link does not work twice.
    await stranger.goto(writerLink);
    await expect.poll(() => stranger.getByRole("alert").textContent()).toContain("already been used");

    const title = `Team draft ${run}`;
    await writer.goto("/admin/deals/add");
    await chooseOption(writer, "Store", "Best Buy");
    await writer.getByLabel("Title").fill(title);
    await writer.getByLabel("Short description").fill(`${title}, written by a contributor`);
    await writer.getByLabel("Image URL").fill("https://example.com/deal.png");
    await writer.getByLabel("Affiliate URL").fill("https://example.com/team-deal");
    await writer.getByLabel("Current price ($)").fill("49.99");
    const statuses = await writer.getByLabel("Status").locator("option").allTextContents();
    expect(statuses).toEqual(["Draft"]);
    await writer.getByRole("button", { name: "Submit for review" }).click();
    await writer.waitForURL("**/admin/deals");
    await toastWith(writer, "Deal submitted for review").waitFor();
    // Their list holds only their own deals.
    expect(await writer.getByTestId("deal-row").count()).toBe(1);

    const { page: editor } = await openPage();
    await accept(editor, editorLink, "editor");
    await editor.goto("/admin/attention?reason=review");
    const waiting = editor.getByTestId("attention-row").filter({ hasText: title });
    await expect.poll(() => waiting.textContent()).toContain(`Draft submitted for review by ${writerEmail}`);
    await waiting.getByRole("link", { name: title }).click();
    await editor.waitForURL("**/admin/deals/edit/**");
    await editor.getByLabel("Status").selectOption("published");
    await editor.getByRole("button", { name: "Update Deal" }).click();
    await editor.waitForURL("**/admin/deals");
    await toastWith(editor, "Deal updated successfully").waitFor();

    await stranger.goto("/deal-dashes");
    await expect.poll(() => stranger.getByRole("heading", { name: title }).count()).toBe(1);
    // Published, it is no longer the contributor's to change.
    await writer.goto("/admin/deals");
    await writer.getByRole("link", { name: title }).first().click();
    await toastWith(writer, "You can change only your own drafts.").waitFor();
  });
});
