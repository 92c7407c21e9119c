import { describe, expect } from "vitest";

import { startServer } from "../../scripts/lib/server-process";
import { SmtpTestServer } from "../support/smtp-test-server";
import { dataDirsPerFile, publishDealInAdmin, signedIn, test } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-alerts-");
const owner = { email: "owner@example.com", password: "owner-password" };
const link = (text: string, path: string) => text.match(new RegExp(`http\\S+${path}\\?\\S+`))![0];

describe("deal alerts", () => {
  test("a shopper asks from a search, confirms, hears of a matching deal once it is published, and pauses the alert", async ({
    openPage,
  }) => {
    const smtp = await new SmtpTestServer().start();
    const server = await startServer({
      dataDir: dataDir(),
      env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, SMTP_URL: smtp.url },
    });
    try {
      const { page: shopper } = await openPage({ url: server.url });
      await shopper.goto("/deal-dashes?search=zx9000q");
      await shopper.getByRole("link", { name: "Email me deals like these" }).click();
      expect(await shopper.getByLabel("Keywords").inputValue()).toBe("zx9000q");
      await shopper.getByLabel("Email").fill("hunter@example.com");
      await shopper.getByLabel("Highest price ($)").fill("500");
      await shopper.getByRole("button", { name: "Create alert" }).click();
      await shopper.getByText("Almost done: check your inbox and confirm your alert.").waitFor();
      await expect.poll(() => smtp.received.length, { timeout: 90_000 }).toBe(1);
      expect(smtp.received[0]!.subject).toBe("Confirm your DealDash deal alert");
      await shopper.goto(link(smtp.received[0]!.text!, "/alerts/confirm"));
      // Following the link only asks (mail scanners open links too): the button starts the alert.
      await shopper.getByRole("button", { name: "Start my alert" }).click();
      await shopper.getByText("Your alert is on: we email you when a matching deal is published.").waitFor();

      const { page: admin } = await openPage({ url: server.url });
      await signedIn(admin, owner);
      await publishDealInAdmin(admin, { title: "Acme ZX-9000Q Wireless Headphones", store: "Best Buy", price: "299" });

      // The publish wakes the alerts job (the bench times how soon the message lands).
      await expect.poll(() => smtp.received.length, { timeout: 90_000 }).toBe(2);
      const alert = smtp.received[1]!;
      expect(alert.subject).toBe("Deal alert: Acme ZX-9000Q Wireless Headphones");
      expect(alert.text).toContain(`${server.url}/deals/acme-zx-9000q-wireless-headphones`);
      expect(alert.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe(
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      );

      await shopper.goto(link(alert.text!, "/alerts/manage"));
      await shopper.getByRole("button", { name: "Pause alert" }).click();
      await shopper.getByRole("status").filter({ hasText: "Alert paused" }).waitFor();
      await shopper.getByRole("button", { name: "Resume alert" }).waitFor();
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
});
