import { describe, expect } from "vitest";
import { startServer } from "../../scripts/lib/server-process";
import { dataDirsPerFile, signIn, test, toastWith } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-attention-");
const owner = { email: "owner@example.com", password: "owner-password" };

describe("needs attention", () => {
  // Its own server: 'Expire' takes a demo deal off the listings the shared server's tests count.
  test("a deal shoppers report as expired waits in Needs attention (counted in the sidebar) and 'Expire' takes it off the public listings", async ({ openPage }) => {
    const server = await startServer({ dataDir: dataDir(), env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, TRUST_PROXY: "loopback" } });
    try {
      const { page: shopper } = await openPage({ url: server.url });
      await shopper.goto("/deal-dashes");
      const card = shopper.getByTestId("deal-card").first();
      const title = (await card.getByRole("heading").textContent())!.trim();
      await card.getByRole("link", { name: title }).click();
      await shopper.waitForURL(/\/deals\//);
      const dealPath = new URL(shopper.url()).pathname;
      const voteUrl = await shopper.locator("form[action^='/votes/deal/']").getAttribute("action");
      for (const ip of ["203.0.113.31", "203.0.113.32", "203.0.113.33"]) {
        const answer = await fetch(`${server.url}${voteUrl}`, { method: "POST", body: new URLSearchParams({ vote: "expired" }), headers: { accept: "application/json", "x-forwarded-for": ip } });
        expect(answer.status).toBe(200);
      }

      const { page: admin } = await openPage({ url: server.url });
      await signIn(admin, owner);
      expect(Number(await admin.getByTestId("attention-count").textContent())).toBeGreaterThanOrEqual(1);
      await admin.getByRole("link", { name: /^Needs attention/ }).click();
      const row = admin.getByTestId("attention-row").filter({ hasText: title });
      await row.getByText("3 shoppers said it has expired").waitFor();
      await row.getByRole("button", { name: "Expire" }).click();
      await toastWith(admin, "Marked as ended: it has left the public listings").waitFor();
      await expect.poll(() => row.count()).toBe(0);

      await shopper.goto(`/deal-dashes?search=${encodeURIComponent(title)}`);
      expect(await shopper.getByTestId("deal-card").filter({ hasText: title }).count()).toBe(0);
      await shopper.goto(dealPath);
      await shopper.getByText("This deal has ended.").waitFor();
    } finally {
      await server.stop();
    }
  });
});
