import http from "node:http";
import type { AddressInfo } from "node:net";

import { describe, expect } from "vitest";

import { FAKE_AMAZON_KEYS, startFakeAmazon } from "../support/fake-amazon";
import { awinPromotion, FAKE_AWIN, startFakeAwin } from "../support/fake-awin";
import { dataDirsPerFile, owner, signedIn, startServerReachingFakes, test, toastWith } from "./support/browser";

const dataDir = dataDirsPerFile("dealdash-sourcing-");

// A network's feed, served locally: four offers of a store the demo catalogue has.
const FEED = [
  "offer,name,link,tracking,image,price,was,merchant",
  ...[1, 2, 3, 4].map(
    (n) =>
      `F${n},Feed gadget ${n},https://gadgets.example/p/${n},https://track.example/?o=${n},https://gadgets.example/${n}.jpg,${20 + n},${50 + n},Best Buy`,
  ),
].join("\n");

describe("sourcing", () => {
  test("a feed, Awin and an Amazon saved search fill the review queue; the owner approves some at once, by key and rejects one; the next run brings no duplicate; an offer Awin drops ends its coupon", async ({
    openPage,
  }) => {
    let reads = 0;
    const feed = http.createServer((_request, response) => {
      reads++;
      response.writeHead(200, { "content-type": "text/csv" }).end(FEED);
    });
    await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
    const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/offers.csv`;
    const advertiser = { id: 77, name: "Best Buy", joined: true };
    const awin = await startFakeAwin([1, 3].map((n) => awinPromotion(n, { advertiser })));
    // Amazon's search finds three kettles saving 30% or more, and not the fourth.
    const amazon = await startFakeAmazon({
      items: [1, 2, 3, 4].map((n) => ({
        asin: `B0KETTLE0${n}`,
        title: `Steel kettle ${n}`,
        price: 20,
        savingBasis: n === 4 ? 22 : 40,
      })),
    });
    const server = await startServerReachingFakes(dataDir(), {
      AWIN_API_ENDPOINT: awin.url,
      AMAZON_API_ENDPOINT: amazon.url,
    });
    try {
      const { page } = await openPage({ url: server.url });
      await signedIn(page, owner);
      await page.goto("/admin/sourcing/sources");
      await page.getByLabel("Name").fill("Gadget feed");
      await page.getByLabel("Feed address").fill(feedUrl);
      await page.getByLabel("Title", { exact: true }).fill("name");
      await page.getByLabel("Product or landing page address").fill("link");
      await page.getByLabel("Offer id").fill("offer");
      await page.getByLabel("Affiliate (tracking) link").fill("tracking");
      await page.getByLabel("Image address").fill("image");
      await page.getByLabel("Price", { exact: true }).fill("price");
      await page.getByLabel("Original price").fill("was");
      await page.getByLabel("Store", { exact: true }).fill("merchant");
      await page.getByRole("button", { name: "Add feed" }).click();
      await toastWith(page, "Source added: its first run has started").waitFor();

      const rows = page.getByTestId("candidate-row");
      await expect
        .poll(
          async () => {
            await page.goto("/admin/sourcing?sort=score");
            return rows.count();
          },
          { timeout: 90_000 },
        )
        .toBe(4);
      await rows.first().getByText("Saves 59%", { exact: true }).waitFor();
      // Each decision looks like the button it is, Snooze as much as Edit beside it.
      const framed = (name: string) =>
        rows
          .first()
          .getByRole(name === "Edit" ? "link" : "button", { name, exact: true })
          .evaluate((control) => getComputedStyle(control).borderTopWidth);
      expect(await framed("Snooze a day")).toBe(await framed("Edit"));
      expect(await framed("Edit")).not.toBe("0px");

      await page.getByLabel("Select Feed gadget 1").check();
      await page.getByLabel("Select Feed gadget 2").check();
      await page.getByTestId("selection-count").getByText("2 selected").waitFor();
      await page.getByRole("button", { name: "Approve as drafts" }).click();
      await toastWith(page, "Approved as drafts: 2 candidates").waitFor();
      await expect.poll(() => rows.count()).toBe(2);

      await page.getByLabel("Why reject Feed gadget 3").fill("Price is not a real saving");
      await rows.filter({ hasText: "Feed gadget 3" }).getByRole("button", { name: "Reject" }).click();
      await toastWith(page, "Rejected 1 candidate").waitFor();
      await expect.poll(() => rows.count()).toBe(1);

      // The keys: the mark is on the one left, and `a` approves it.
      await page.locator("body").press("a");
      await toastWith(page, "Approved as drafts: 1 candidate").waitFor();
      await page.getByText("No deals are waiting for review.").waitFor();

      // The feed again: everything it lists is on the site or turned down, so nothing waits twice.
      await page.goto("/admin/sourcing/sources");
      const readsBefore = reads;
      await page.getByRole("button", { name: "Run now" }).click();
      await toastWith(page, "The run has started: refresh to see its progress").waitFor();
      await expect.poll(() => reads, { timeout: 90_000 }).toBeGreaterThan(readsBefore);
      await expect
        .poll(
          async () => {
            await page.goto("/admin/sourcing/sources");
            return page.getByTestId("source-row").innerText();
          },
          { timeout: 90_000 },
        )
        .toMatch(/0 new candidates/);
      await page.goto("/admin/sourcing");
      await page.getByText("No deals are waiting for review.").waitFor();

      await page.goto("/admin/deals?q=Feed+gadget");
      await expect.poll(() => page.getByText(/^Feed gadget \d$/).count()).toBe(3);

      // Awin: its two vouchers published at once, then one withdrawn by the network ends its coupon.
      await page.goto("/admin/sourcing/sources?add=awin");
      await page.getByLabel("Publisher id").fill(FAKE_AWIN.publisherId);
      await page.getByLabel("API token").fill(FAKE_AWIN.token);
      await page.getByRole("button", { name: "Add Awin" }).click();
      await toastWith(page, "Source added: its first run has started").waitFor();
      await expect
        .poll(
          async () => {
            await page.goto("/admin/sourcing?source=awin");
            return rows.count();
          },
          { timeout: 90_000 },
        )
        .toBe(2);
      await page.getByLabel("Select 11% off offer 1").check();
      await page.getByLabel("Select 13% off offer 3").check();
      await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Publish" }).click();
      await toastWith(page, "Published 2 candidates").waitFor();

      awin.offers = [awinPromotion(3, { advertiser })];
      await page.goto("/admin/sourcing/sources");
      await page.getByTestId("source-row").filter({ hasText: "Awin" }).getByRole("button", { name: "Run now" }).click();
      await toastWith(page, "The run has started: refresh to see its progress").waitFor();
      await expect
        .poll(
          async () => {
            await page.goto("/admin/coupons?q=offer+1");
            return page.getByRole("row").filter({ hasText: "11% off offer 1" }).innerText();
          },
          { timeout: 90_000 },
        )
        .toMatch(/Expired/);

      await page.goto("/admin/sourcing/sources?add=impact");
      await page.getByLabel("Account SID").fill("IR");
      await page.getByRole("button", { name: "Add Impact" }).click();
      await page.getByText("An Impact account SID is letters and digits (IR…)").waitFor();

      // An Amazon saved search, through the site's Amazon account and within its daily budget.
      await page.goto("/admin/settings/amazon");
      await page.getByLabel("Access key (credential ID)").fill(FAKE_AMAZON_KEYS.clientId);
      await page.getByLabel("Secret key (credential secret)").fill(FAKE_AMAZON_KEYS.clientSecret);
      await page.getByLabel("Associate tag").fill("dealdash-20");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await toastWith(page, "Amazon PA API settings saved successfully").waitFor();
      await page.goto("/admin/sourcing/sources?add=amazon");
      await page.getByLabel("Name").fill("Kettles");
      await page.getByLabel("Keywords").fill("kettle");
      await page.getByLabel("Least saving (%)").fill("30");
      await page.getByRole("button", { name: "Add saved search" }).click();
      await toastWith(page, "Source added: its first run has started").waitFor();
      await expect
        .poll(
          async () => {
            await page.goto("/admin/sourcing?source=amazon");
            return rows.count();
          },
          { timeout: 90_000 },
        )
        .toBe(3);
      await page.getByLabel("Select Steel kettle 1").check();
      await page.getByLabel("Select Steel kettle 2").check();
      await page.getByRole("button", { name: "Approve as drafts" }).click();
      await toastWith(page, "Approved as drafts: 2 candidates").waitFor();
      await page.getByLabel("Why reject Steel kettle 3").fill("Not a kettle we would recommend");
      await rows.filter({ hasText: "Steel kettle 3" }).getByRole("button", { name: "Reject" }).click();
      await toastWith(page, "Rejected 1 candidate").waitFor();

      const kettles = page.getByTestId("source-row").filter({ hasText: "Kettles" });
      await page.goto("/admin/sourcing/sources");
      await kettles.getByRole("button", { name: "Run now" }).click();
      await toastWith(page, "The run has started: refresh to see its progress").waitFor();
      await expect
        .poll(
          async () => {
            await page.goto("/admin/sourcing/sources");
            return kettles.innerText();
          },
          { timeout: 90_000 },
        )
        .toMatch(/0 new candidates/);
      // Two searches and the approval's fresh read, counted against the day.
      expect(await page.getByTestId("amazon-budget").innerText()).toMatch(/^Amazon: ([3-9]|\d\d+) of 8,640 today$/);
      await page.goto("/admin/sourcing?source=amazon");
      await expect.poll(() => rows.count()).toBe(0);
      await page.goto("/admin/deals?q=Steel+kettle");
      await expect.poll(() => page.getByText(/^Steel kettle \d$/).count()).toBe(2);
    } finally {
      await server.stop();
      await new Promise<void>((resolve) => feed.close(() => resolve()));
      await awin.close();
      await amazon.close();
    }
  });
});
