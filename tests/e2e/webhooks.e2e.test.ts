import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect } from "vitest";
import { startServer } from "../../scripts/lib/server-process";
import { dataDirsPerFile, publishDealInAdmin, signIn, test, toastWith } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-webhooks-");
const owner = { email: "owner@example.com", password: "owner-password" };

describe("webhooks", () => {
  test("the owner adds a Discord webhook; publishing a deal posts to it, the delivery shows its answer, and Redeliver posts it again", async ({ openPage }) => {
    const posts: string[] = [];
    const receiver = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        posts.push(body);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/discord`;
    // The local receiver is reachable only through the test-only setting the link checker uses.
    const server = await startServer({
      dataDir: dataDir(),
      env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, LINK_CHECK_ALLOW_PRIVATE: "true", LINK_CHECKS_PER_MINUTE: "0" },
    });
    try {
      const { page } = await openPage({ url: server.url });
      await signIn(page, owner);
      await page.goto("/admin/settings/webhooks");
      await page.getByLabel("URL").fill(url);
      await page.getByLabel("Format").selectOption("discord");
      await page.getByRole("button", { name: "Add webhook" }).click();
      await toastWith(page, "Webhook added").waitFor();

      await publishDealInAdmin(page, { title: "Webhook Test Smart Speaker", store: "Best Buy", price: "49" });

      await expect.poll(() => posts.length, { timeout: 90_000 }).toBe(1);
      expect(JSON.parse(posts[0]!)).toMatchObject({
        username: "DealDash",
        content: expect.stringContaining("New deal: Webhook Test Smart Speaker ($49.00 at Best Buy)"),
      });
      await page.goto("/admin/settings/webhooks");
      const delivery = page.getByTestId("webhook-delivery").first();
      await delivery.getByText("Delivered").waitFor();
      await delivery.getByText("204").waitFor();
      await delivery.getByRole("button", { name: "Redeliver" }).click();
      await toastWith(page, "Delivery queued again").waitFor();
      await expect.poll(() => posts.length, { timeout: 90_000 }).toBe(2);
      expect(posts[1]).toBe(posts[0]);
    } finally {
      await server.stop();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
