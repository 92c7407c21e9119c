import { eq } from "drizzle-orm";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";

import { deals } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { feedPath } from "#app/lib/feed-links";
import { loader as guidesPage } from "#app/routes/site/buying-guides";
import { loader as categoryPage } from "#app/routes/site/category";
import { loader as couponsPage } from "#app/routes/site/coupons";
import { loader as dealDashesPage } from "#app/routes/site/deal-dashes";
import { loader as giftsPage } from "#app/routes/site/gift-ideas";
import { loader as storePage } from "#app/routes/site/store";

import { testContext } from "../../../tests/support/test-context";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { loader } from "./feed";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const context = () => testContext(database());
const site = () => context().env.PUBLIC_URL;
const parser = new Parser({ customFields: { item: [["guid", "guid", { keepArray: false }]] } });

/** The feed at `path` (e.g. `/feeds/deal-dashes.rss?…`), as a feed reader parses it. */
async function readFeed(path: string) {
  const url = new URL(path, "http://localhost");
  const response = await loader({
    params: { "*": url.pathname.replace(/^\/feeds\//, "") },
    request: new Request(url),
    context: context(),
  } as never);
  return { response, feed: await parser.parseString(await response.text()) };
}
const page = <T>(load: (args: never) => Promise<T>, path: string, params: Record<string, string> = {}) =>
  load({ params, request: new Request(new URL(path, "http://localhost")), context: context() } as never);
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { init?: ResponseInit },
  );

describe("list feeds", () => {
  it("list exactly a filtered Deal Dashes page's live deals, in RSS and Atom, linking to DealDash with price, store and a stable GUID", async () => {
    const query = "?store=amazon&sort=price-low&view=list";
    const { deals: shown } = await page(dealDashesPage, `/deal-dashes${query}`);
    expect(shown.length).toBeGreaterThan(1);
    for (const format of ["rss", "atom"] as const) {
      const { response, feed } = await readFeed(feedPath("/deal-dashes", query, format));
      expect(response.headers.get("content-type")).toBe(
        format === "rss" ? "application/rss+xml; charset=utf-8" : "application/atom+xml; charset=utf-8",
      );
      expect(feed.items.map((item) => item.link)).toEqual(shown.map((deal) => `${site()}/deals/${deal.slug}`));
      expect(feed.link).toBe(`${site()}/deal-dashes?store=amazon&sort=price-low`);
    }
    const { feed } = await readFeed(feedPath("/deal-dashes", query, "rss"));
    const [first] = shown;
    expect(feed.items[0]!.guid).toBe(`urn:uuid:${first!.id}`);
    // Amazon's prices are left out of what readers keep for good; the store is named.
    expect(feed.items[0]!.content).toContain("at Amazon");

    const { deals: bestBuy } = await page(dealDashesPage, "/deal-dashes?store=bestbuy");
    const withPrice = (await readFeed("/feeds/deal-dashes.rss?store=bestbuy")).feed.items[0]!;
    expect(withPrice.content).toContain(`$${bestBuy[0]!.currentPrice.toFixed(2)}`);
    expect(withPrice.content).toContain("at Best Buy");
  });

  it("leave out a deal that is unpublished or not yet live, as the page does", async () => {
    const [deal] = await database().db.select().from(deals).where(eq(deals.status, "published")).limit(1);
    const links = async () => (await readFeed("/feeds/deal-dashes.atom")).feed.items.map((item) => item.link);
    await database()
      .db.update(deals)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(deals.id, deal!.id));
    expect(await links()).toContain(`${site()}/deals/${deal!.slug}`);
    await database()
      .db.update(deals)
      .set({ publishAt: new Date(Date.now() + 3_600_000) })
      .where(eq(deals.id, deal!.id));
    expect(await links()).not.toContain(`${site()}/deals/${deal!.slug}`);
    await database().db.update(deals).set({ publishAt: null, status: "draft" }).where(eq(deals.id, deal!.id));
    expect(await links()).not.toContain(`${site()}/deals/${deal!.slug}`);
    await database().db.update(deals).set({ status: "published" }).where(eq(deals.id, deal!.id));
  });

  it("follow the coupons, store, category, gift ideas and guides pages", async () => {
    const coupons = await page(couponsPage, "/coupons?search=off");
    const couponFeed = (await readFeed("/feeds/coupons.rss?search=off")).feed;
    expect(couponFeed.items.map((item) => item.link)).toEqual(
      coupons.coupons.map((coupon) => `${site()}/stores/${coupon.storeSlug}#coupon-${coupon.id}`),
    );
    expect(couponFeed.items[0]!.content).toMatch(/OFF at \S.* · /);

    const store = await page(storePage, "/stores/amazon", { slug: "amazon" });
    const storeLinks = (await readFeed("/feeds/stores/amazon.atom")).feed.items.map((item) => item.link);
    expect(storeLinks.sort()).toEqual(
      [
        ...store.liveCoupons.map((coupon) => `${site()}/stores/amazon#coupon-${coupon.id}`),
        ...store.deals.map((deal) => `${site()}/deals/${deal.slug}`),
      ].sort(),
    );

    const category = await page(categoryPage, "/categories/electronics", { slug: "electronics" });
    expect((await readFeed("/feeds/categories/electronics.rss")).feed.items.map((item) => item.link)).toEqual(
      category.deals.map((deal) => `${site()}/deals/${deal.slug}`),
    );

    const gifts = await page(giftsPage, "/gift-ideas");
    expect((await readFeed("/feeds/gift-ideas.atom")).feed.items.map((item) => item.link)).toEqual(
      gifts.gifts.map((gift) => `${site()}/gift-ideas/${gift.slug}`),
    );

    const guides = await page(guidesPage, "/buying-guides");
    expect((await readFeed("/feeds/buying-guides.rss")).feed.items.map((item) => item.link)).toEqual(
      guides.guides.map((guide) => `${site()}/buying-guides/${guide.slug}`),
    );
  });

  it("answer 404 for a list, store or format that does not exist", async () => {
    for (const path of [
      "/feeds/stores/no-such-store.rss",
      "/feeds/deal-dashes.json",
      "/feeds/admin/deals.rss",
      "/feeds/.rss",
    ]) {
      const url = new URL(path, "http://localhost");
      const error = await thrown(
        loader({
          params: { "*": url.pathname.replace(/^\/feeds\//, "") },
          request: new Request(url),
          context: context(),
        } as never),
      );
      expect(error?.init?.status, path).toBe(404);
    }
  });
});
