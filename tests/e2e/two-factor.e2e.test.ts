import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { freePort, startServer } from "../../scripts/lib/server-process";
import { totpCode } from "../support/authenticator";
import {
  chooseFromAccountMenu,
  dataDirsPerFile,
  downloadedText,
  submitLogin,
  test,
  toastWith,
} from "./support/browser";

// Two-factor sign-in end to end on a server of its own (the shared one's admin signs in with a password),
// whose confirmations last 12 seconds instead of ten minutes, so a test can see one run out. WebAuthn takes a
// domain, not an address, for the site: the server is reached as localhost.

const dataDir = dataDirsPerFile("dealdash-two-factor-");
const owner = { email: "owner@example.com", password: "owner-password" };

/** The first code the app could show now (its step or one either side) that was not used yet. */
function freshCode(key: string, used: string[]): string {
  const code = [0, 1, -1].map((step) => totpCode(key, { step })).find((candidate) => !used.includes(candidate))!;
  used.push(code);
  return code;
}

async function typeCode(page: Page, label: string, code: string, button: string) {
  await page.getByLabel(label).fill(code);
  await page.getByRole("button", { name: button }).click();
}

describe("two-factor sign-in", () => {
  test("an owner sets up an app and a passkey, signs in with a code, a backup code and the passkey, and confirms before changing credentials", async ({
    openPage,
  }) => {
    const port = await freePort();
    const site = `http://localhost:${port}`;
    const server = await startServer({
      dataDir: dataDir(),
      port,
      env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, PUBLIC_URL: site, STEP_UP_MINUTES: "0.2" },
    });
    try {
      const { context, page } = await openPage({ url: site });
      await submitLogin(page, owner.email, owner.password);
      await page.waitForURL((url) => url.pathname === "/admin");

      // Setting up: the password, then the QR code (and its key, typed into the test's app) and the backup codes.
      await chooseFromAccountMenu(page, owner.email, "Security");
      await page.getByTestId("two-factor-status").getByText("Off").waitFor();
      await page.getByLabel("Your password").fill(owner.password);
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      await page.getByRole("img", { name: "QR code to scan with your authenticator app" }).waitFor();
      const key = (await page.getByTestId("totp-secret").textContent())!.trim();
      const backupCodes = (await page.getByTestId("backup-codes").getByRole("listitem").allTextContents()).map((c) =>
        c.trim(),
      );
      expect(backupCodes).toHaveLength(10);
      // Shown once, so kept: downloaded as a text file, or copied.
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download the codes" }).click(),
      ]);
      expect(file.suggestedFilename()).toBe("dealdash-backup-codes.txt");
      const kept = await downloadedText(file);
      expect(kept).toContain(`\n\n${backupCodes.join("\n")}\n`);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy the codes" }).click();
      await toastWith(page, "Backup codes copied").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kept);
      const used: string[] = [];
      const wrong = String((Number(totpCode(key)) + 1) % 1_000_000).padStart(6, "0");
      await typeCode(page, "3. The code your app shows", wrong, "Turn on");
      await page.getByRole("alert").getByText("That code is not right").waitFor();
      // The steps stay on screen for another try.
      expect(await page.getByTestId("totp-secret").textContent()).toBe(key);
      await typeCode(page, "3. The code your app shows", freshCode(key, used), "Turn on");
      await toastWith(page, "Two-factor sign-in is on").waitFor();
      await page.getByTestId("two-factor-status").getByText("On").waitFor();

      // A passkey in Chromium's virtual authenticator, added while the setup's confirmation is fresh.
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await page.getByLabel("Passkey name").fill("Test laptop");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await toastWith(page, "Passkey added").waitFor();
      await page.getByTestId("passkey-list").getByText("Test laptop").waitFor();

      // Signing in on a phone: the password, then a code; the one used already is refused.
      const { page: phone } = await openPage({ url: site });
      await submitLogin(phone, owner.email, owner.password);
      await phone.waitForURL((url) => url.pathname === "/admin/login/two-factor");
      await typeCode(phone, "Authentication code", used[0]!, "Verify");
      await phone.getByText("That code has been used already").first().waitFor();
      await typeCode(phone, "Authentication code", freshCode(key, used), "Verify");
      await phone.waitForURL((url) => url.pathname === "/admin");

      // The phone lost: a backup code signs in once.
      const { page: laptop } = await openPage({ url: site });
      await submitLogin(laptop, owner.email, owner.password);
      await laptop.getByRole("link", { name: "Use a backup code instead" }).click();
      await typeCode(laptop, "Backup code", backupCodes[0]!, "Verify");
      await laptop.waitForURL((url) => url.pathname === "/admin");

      // Signed out, the passkey signs in alone: no password, no code.
      await chooseFromAccountMenu(page, owner.email, "Logout");
      await page.waitForURL("**/admin/login");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await toastWith(page, "Logged in successfully").waitFor();

      // Step-up: once the phone's sign-in is older than the confirmation lasts, Amazon's credentials ask for a
      // code first, then open where they were, and the change is saved.
      await expect
        .poll(
          async () => {
            await phone.goto("/admin/settings/amazon");
            return new URL(phone.url()).pathname;
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe("/admin/confirm");
      await phone.getByRole("heading", { name: "Confirm it's you" }).waitFor();
      await typeCode(phone, "Authentication code", freshCode(key, used), "Confirm");
      await phone.waitForURL((url) => url.pathname === "/admin/settings/amazon");
      await phone.getByLabel("Access key (credential ID)").fill("cred-id");
      await phone.getByLabel("Secret key (credential secret)").fill("a-new-secret-4711");
      await phone.getByLabel("Associate tag").fill("dealdash-20");
      await phone.getByRole("button", { name: "Save Settings" }).click();
      await toastWith(phone, "Amazon PA API settings saved successfully").waitFor();
    } finally {
      await server.stop();
    }
  });
});
