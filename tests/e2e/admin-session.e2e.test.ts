import { describe, expect } from "vitest";

import {
  adminCredentials,
  baseUrl,
  chooseFromAccountMenu,
  signIn,
  submitLogin,
  test,
  toastWith,
} from "./support/browser";

describe("admin session in the browser", () => {
  test("shows the spec's error toast for a wrong password", async ({ openPage }) => {
    const { page } = await openPage();
    await submitLogin(page, adminCredentials().email, "not-the-password");
    await toastWith(page, "Invalid email or password").waitFor();
    await expect(toastWith(page, "Error").count()).resolves.toBe(1);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
  });

  test("validates the form with the spec's messages before submitting", async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Invalid email address").waitFor();
    await page.getByText("Password must be at least 6 characters").waitFor();
  });

  // The dashboard's counts against the demo content: tests/requests/dashboard-counts.test.ts.
  test("signs in, keeps the sidebar state, and signs out for good", async ({ openPage }) => {
    const { context, page } = await openPage();
    await signIn(page);
    await toastWith(page, "Logged in successfully").waitFor();
    await page.getByTestId("count-Total Deals").waitFor();
    await page.getByText("Signed in").first().waitFor();

    // The sidebar's collapsed state survives a reload.
    const sidebar = page.locator("aside");
    expect(await sidebar.getAttribute("class")).toContain("w-64");
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    expect(await sidebar.getAttribute("class")).toContain("w-16");
    await page.reload();
    expect(await page.locator("aside").getAttribute("class")).toContain("w-16");
    await page.getByRole("button", { name: "Expand sidebar" }).click();

    // Profile is not built yet and says so.
    await chooseFromAccountMenu(page, adminCredentials().email, "Profile");
    await toastWith(page, "Coming Soon").waitFor();

    const oldCookies = await context.cookies();
    await chooseFromAccountMenu(page, adminCredentials().email, "Logout");
    await page.waitForURL("**/admin/login");
    await toastWith(page, "Logged out successfully").waitFor();

    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    // Replaying the old session cookie after logout gets nowhere.
    const cookie = oldCookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const replay = await fetch(`${baseUrl()}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toContain("/admin/login");
  });

  test("sends a signed-in visitor from the login page to the dashboard", async ({ adminPage: page }) => {
    await page.goto("/admin/login");
    expect(new URL(page.url()).pathname).toBe("/admin");
  });

  test("sends a tab whose session ended to the login page when it acts", async ({ openPage }) => {
    const { context, page } = await openPage();
    await signIn(page);
    await page.goto("/admin/deals");
    await context.clearCookies();
    await page.getByRole("link", { name: "Coupons" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/admin/login" && url.searchParams.get("redirectTo") === "/admin/coupons",
    );
  });
});
