import http from "node:http";
import type { AddressInfo } from "node:net";

import { describe, expect } from "vitest";

import {
  dataDirsPerFile,
  owner,
  publishDealInAdmin,
  signedIn,
  startServerReachingFakes,
  test,
  toastWith,
} from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-webhooks-");

describe("webhooks", () => {
  test("the owner adds a Discord webhook; publishing a deal posts to it, the delivery shows its answer, and Redeliver posts it again", async ({
    openPage,
  }) => {
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
    const server = await startServerReachingFakes(dataDir());
    try {
      const { page } = await openPage({ url: server.url });
      await signedIn(page, owner);
      await page.goto("/admin/settings/webhooks");
      await page.getByLabel("URL").fill(url);
      await page.getByLabel("Format").selectOption("discord");
      await page.getByRole("button", { name: "Add webhook" }).click();
      await toastWith(page, "Webhook added").waitFor();

      const hook = page.getByTestId("webhook");
      await hook.getByRole("button", { name: "Send test" }).click();
      await toastWith(page, "Test delivered: 204").waitFor();
      expect(JSON.parse(posts.shift()!)).toMatchObject({
        username: "DealDash",
        content: expect.stringMatching(/^Test from DealDash: New deal: /),
      });

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

      // Edited to Slack and to deal updates as well, the hook's next test speaks Slack.
      await hook.getByText("Edit webhook").click();
      const edit = hook.locator("form").filter({ has: page.getByRole("button", { name: "Save webhook" }) });
      await edit.getByLabel("Format").selectOption("slack");
      await edit.getByLabel("Deal updated").check();
      await edit.getByRole("button", { name: "Save webhook" }).click();
      await toastWith(page, "Webhook updated").waitFor();
      await hook.getByText("Slack · Deal published, Deal updated").waitFor();
      await hook.getByRole("button", { name: "Send test" }).click();
      await expect.poll(() => posts.length, { timeout: 90_000 }).toBe(3);
      expect(JSON.parse(posts[2]!)).toEqual({ text: expect.stringMatching(/^Test from DealDash: New deal: </) });
    } finally {
      await server.stop();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test("a webhook to a private address is refused at its field, and every event is listed with a sample body", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/settings/webhooks");
    const add = page.locator("form").filter({ has: page.getByRole("button", { name: "Add webhook" }) });
    await add.getByLabel("URL").fill("http://127.0.0.1:9/hook");
    await add.getByRole("button", { name: "Add webhook" }).click();
    await add.getByText("Webhooks post to public addresses only: 127.0.0.1 is a private network address.").waitFor();
    await expect.poll(() => add.getByLabel("URL").inputValue()).toBe("http://127.0.0.1:9/hook");
    expect(await page.getByTestId("webhook").count()).toBe(0);

    const events = page.getByTestId("webhook-event");
    expect(await events.count()).toBe(5);
    await events.filter({ hasText: "coupon.published" }).locator("summary").click();
    const sample = JSON.parse(
      (await events.filter({ hasText: "coupon.published" }).locator("pre").first().textContent())!,
    );
    expect(sample).toMatchObject({ event: "coupon.published", item: { kind: "coupon" } });
  });
});
