import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { startServer } from "../../scripts/lib/server-process";
import { SmtpTestServer } from "../support/smtp-test-server";
import { dataDirsPerFile, signedIn, test, toastWith } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-newsletter-");
const owner = { email: "owner@example.com", password: "owner-password" };

async function subscribeInFooter(page: Page, email: string) {
  await page.goto("/");
  await page.getByLabel("Get the best deals in your inbox every week.").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "Thanks! Check your inbox and confirm your subscription." })
    .waitFor();
}

describe("the newsletter", () => {
  test("over real SMTP: the confirmation arrives and its link subscribes, the digest arrives with unsubscribe headers, one click unsubscribes", async ({
    openPage,
  }) => {
    const smtp = await new SmtpTestServer().start();
    const server = await startServer({
      dataDir: dataDir(),
      env: {
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        SMTP_URL: smtp.url,
        MAIL_FROM: "DealDash <deals@dealdash.test>",
      },
    });
    try {
      const { page } = await openPage({ url: server.url });
      await subscribeInFooter(page, "reader@example.com");
      await expect.poll(() => smtp.received.length, { timeout: 90_000 }).toBe(1);
      const [confirmation] = smtp.received;
      expect(confirmation!.subject).toBe("Confirm your DealDash subscription");
      expect(confirmation!.to).toMatchObject({ text: "reader@example.com" });
      const link = confirmation!.text!.match(/http\S+\/newsletter\/confirm\?\S+/)![0];
      await page.goto(link);
      // Following the link only asks (mail scanners open links too): the button subscribes.
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await page
        .getByText("You're subscribed: the DealDash weekly deals newsletter will come to your inbox.")
        .waitFor();

      // The owner previews the digest and sends it now; it arrives with the reader's own unsubscribe headers.
      const { page: admin } = await openPage({ url: server.url });
      await signedIn(admin, owner);
      await admin.goto("/admin");
      await admin.getByRole("link", { name: "Newsletter" }).click();
      await admin.getByTitle("Digest preview").waitFor();
      admin.once("dialog", (dialog) => void dialog.accept());
      await admin.getByRole("button", { name: "Send digest now" }).click();
      await toastWith(admin, "Digest written to 1 reader").waitFor();
      await expect.poll(() => smtp.received.length, { timeout: 90_000 }).toBe(2);
      const digest = smtp.received[1]!;
      expect(digest.subject).toBe("This week's best deals on DealDash");
      const header = (name: string) =>
        digest.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, "");
      expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      const unsubscribeUrl = header("list-unsubscribe")!.slice(1, -1);
      expect(digest.html).toContain(`${server.url}/deals/`);

      // A mail client's one-click 'Unsubscribe' (RFC 8058): a POST to that address, no cookies, no page.
      const oneClick = await fetch(unsubscribeUrl, {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      });
      expect(oneClick.status).toBe(200);
      await admin.reload();
      await admin
        .getByTestId("subscriber-row")
        .filter({ hasText: "reader@example.com" })
        .getByText("Unsubscribed")
        .waitFor();
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });

  test("without SMTP_URL the confirmation is kept in the admin's outbox, and its link works from there", async ({
    openPage,
    adminPage,
  }) => {
    const { page } = await openPage();
    await subscribeInFooter(page, "outbox-reader@example.com");
    await adminPage.goto("/admin/outbox");
    await adminPage.getByRole("heading", { name: "Outbox" }).waitFor();
    const row = adminPage.getByTestId("outbox-row").filter({ hasText: "outbox-reader@example.com" });
    await row.getByText("Kept (no SMTP)").waitFor();
    await row.locator("summary", { hasText: "Confirm your DealDash subscription" }).click();
    // The message as sent, its button a link that opens in a new tab.
    const preview = row.frameLocator("iframe[title='Confirm your DealDash subscription (as sent)']");
    const button = preview.getByRole("link", { name: "Confirm my subscription" });
    const href = (await button.getAttribute("href"))!;
    expect(href).toMatch(/\/newsletter\/confirm\?/);
    // The plain text's addresses are links too.
    await row.getByText("Plain text").click();
    expect(
      await row
        .getByTestId("outbox-text")
        .getByRole("link")
        .filter({ hasText: "/newsletter/confirm?" })
        .getAttribute("href"),
    ).toBe(href);
    await page.goto(new URL(href).pathname + new URL(href).search);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByText("You're subscribed").waitFor();
  });

  test("'Send me a test' writes this week's newsletter to the admin, as mail: cards with pictures and prices, no Amazon link", async ({
    adminPage,
  }) => {
    await adminPage.goto("/admin/outbox");
    await adminPage.getByLabel("Send me a test of").selectOption("digest");
    await adminPage.getByRole("button", { name: "Send me a test" }).click();
    await adminPage.locator("[data-sonner-toast]").filter({ hasText: "Weekly newsletter written below for" }).waitFor();
    const row = adminPage
      .getByTestId("outbox-row")
      .filter({ hasText: "[Test] This week's best deals on DealDash" })
      .first();
    await row.locator("summary").first().click();
    const preview = row.frameLocator("iframe");
    await preview.getByRole("heading", { name: "This week on DealDash" }).waitFor();
    expect(await preview.getByRole("link", { name: "See the deal" }).count()).toBeGreaterThan(0);
    expect(await preview.locator("img").count()).toBeGreaterThan(0);
    const hrefs = await preview
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.filter((href) => /amazon\./.test(href))).toEqual([]);
  });
});
