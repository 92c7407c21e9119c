import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, deals, giftIdeas, linkChecks } from "#app/db/schema";
import { reasonText } from "#app/modules/attention/attention";
import { attentionQueue } from "#app/modules/attention/attention.server";

import { FAKE_AMAZON_KEYS, type FakeAmazon, startFakeAmazon } from "../../../tests/support/fake-amazon";
import { actor, insertActor, insertStore } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { createAmazonApi } from "./amazon-api.server";
import { amazonContentShowable, PRICE_MAX_AGE_MS, shownOutOfStock } from "./price-freshness";
import { refreshAmazonPrices } from "./price-refresh.server";

let fake: FakeAmazon;
beforeAll(async () => {
  fake = await startFakeAmazon({
    items: [
      {
        asin: "B0STALE001",
        title: "Stale",
        price: 42.5,
        savingBasis: 50,
        savingBasisType: "WAS_PRICE",
        rating: 4.2,
        reviews: 10,
      },
      { asin: "B0GIFT0001", title: "Gift", price: 12.34 },
      { asin: "B0SOLDOUT1", title: "Sold out", price: 30, outOfStock: true },
    ],
  });
});
afterAll(() => fake.close());

const database = testDatabasePerFile(async (t) => {
  await insertActor(t.db);
  const store = await insertStore(t.db, "Amazon", "amazon");
  const day = 24 * 3600 * 1000;
  const base = {
    shortDescription: "s",
    imageUrl: "https://e.com/i.png",
    affiliateUrl: "https://www.amazon.com/dp/X",
    storeId: store.id,
    status: "published" as const,
  };
  await t.db.insert(deals).values([
    {
      ...base,
      title: "Stale",
      slug: "stale",
      currentPrice: 99,
      originalPrice: null,
      amazonAsin: "B0STALE001",
      priceUpdatedAt: new Date(Date.now() - 2 * day),
    },
    { ...base, title: "Fresh", slug: "fresh", currentPrice: 10, amazonAsin: "B0STALE001", priceUpdatedAt: new Date() },
    { ...base, title: "Gone", slug: "gone", currentPrice: 5, amazonAsin: "B0GONE0001", priceUpdatedAt: null },
    { ...base, title: "Manual", slug: "manual", currentPrice: 7 },
  ]);
  await t.db.insert(giftIdeas).values({
    title: "Gift",
    slug: "gift",
    description: "d",
    imageUrl: "https://e.com/g.png",
    productUrl: "https://www.amazon.com/dp/G",
    amazonAsin: "B0GIFT0001",
    price: 1,
  });
});
const db = () => database().db;
const api = () =>
  createAmazonApi(
    {
      api: "creators",
      accessKey: FAKE_AMAZON_KEYS.clientId,
      secretKey: FAKE_AMAZON_KEYS.clientSecret,
      associateTag: "tag-20",
      marketplace: "www.amazon.com",
      credentialVersion: "2.1",
    },
    { endpointOverride: fake.url, minIntervalMs: 0 },
  );
const byTitle = async (title: string) => (await db().select().from(deals).where(eq(deals.title, title)))[0]!;

describe("Amazon price freshness", () => {
  it("refreshes stale and never-read prices, stamps the time, and leaves fresh ones alone", async () => {
    const now = new Date();
    const result = await refreshAmazonPrices(db(), api(), { now });
    expect(result).toEqual({ checked: 3, updated: 2 });
    const stale = await byTitle("Stale");
    expect(stale).toMatchObject({
      currentPrice: 42.5,
      originalPrice: 50,
      referencePriceKind: "was",
      discountPercentage: 15,
      rating: 4.2,
      reviewCount: 10,
      amazonInStock: true,
    });
    expect(stale.priceUpdatedAt?.getTime()).toBe(now.getTime());
    // The image link is Amazon's of now, like the price (kept 24 hours at most).
    expect(stale.imageUrl).toBe("https://m.media-amazon.com/images/I/B0STALE001.jpg");
    expect((await byTitle("Fresh")).currentPrice).toBe(10);
    expect((await byTitle("Gone")).priceUpdatedAt).toBeNull();
    const [gift] = await db().select().from(giftIdeas);
    expect(gift).toMatchObject({ price: 12.34, imageUrl: "https://m.media-amazon.com/images/I/B0GIFT0001.jpg" });
    expect(gift!.priceUpdatedAt?.getTime()).toBe(now.getTime());
  });

  it("saves a changed price with an audit row in the refresher's name; a price Amazon repeats is no save", async () => {
    const audits = async (id: string) =>
      db()
        .select({ actorEmail: auditLog.actorEmail, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "deal"), eq(auditLog.entityId, id)))
        .orderBy(asc(auditLog.createdAt));
    await refreshAmazonPrices(db(), api());
    const read = await byTitle("Stale");
    await db()
      .update(deals)
      .set({ priceUpdatedAt: null, updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(deals.id, read.id));
    const before = await byTitle("Stale");
    await refreshAmazonPrices(db(), api(), { dealIds: [read.id] });
    const after = await byTitle("Stale");
    expect(after.priceUpdatedAt).not.toBeNull();
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    const first = await audits(read.id);
    expect(first).toEqual([
      { actorEmail: "Amazon price refresh", detail: expect.objectContaining({ title: "Stale" }) },
    ]);

    await db().update(deals).set({ currentPrice: 44, priceUpdatedAt: null }).where(eq(deals.id, read.id));
    const changed = await byTitle("Stale");
    await refreshAmazonPrices(db(), api(), { dealIds: [read.id], by: actor });
    expect((await byTitle("Stale")).updatedAt.getTime()).toBeGreaterThan(changed.updatedAt.getTime());
    expect(await audits(read.id)).toEqual([
      ...first,
      { actorEmail: actor.email, detail: { title: "Stale", changed: ["currentPrice"] } },
    ]);
  });

  it("hides an Amazon price older than 24 hours (or never read), not a manual one", async () => {
    const now = new Date();
    expect(
      amazonContentShowable(
        { amazonAsin: "B0X", priceUpdatedAt: new Date(now.getTime() - PRICE_MAX_AGE_MS + 60_000) },
        now,
      ),
    ).toBe(true);
    expect(
      amazonContentShowable({ amazonAsin: "B0X", priceUpdatedAt: new Date(now.getTime() - PRICE_MAX_AGE_MS - 1) }, now),
    ).toBe(false);
    expect(amazonContentShowable({ amazonAsin: "B0X", priceUpdatedAt: null }, now)).toBe(false);
    expect(amazonContentShowable({ amazonAsin: null, priceUpdatedAt: null }, now)).toBe(true);
  });

  it("counts a product Amazon no longer lists, or nobody can buy, as a failed link check; two in a row put it in Needs attention", async () => {
    const gone = await byTitle("Gone");
    const stale = await byTitle("Stale");
    const [soldOut] = await db()
      .insert(deals)
      .values({
        ...gone,
        id: undefined,
        title: "Sold out",
        slug: "sold-out",
        amazonAsin: "B0SOLDOUT1",
        affiliateUrl: "https://www.amazon.com/dp/B0SOLDOUT1",
      })
      .returning();
    const ids = [gone.id, stale.id, soldOut!.id];
    await refreshAmazonPrices(db(), api(), { dealIds: ids });
    const flagged = async () =>
      (await attentionQueue(db(), { reason: "link" })).rows.map(
        (row) =>
          `${row.label}: ${reasonText(
            row.kind,
            row.reasons.find((item) => item.reason === "link")!,
          )}`,
      );
    expect(await flagged()).toEqual([]);

    await refreshAmazonPrices(db(), api(), { dealIds: ids });
    expect((await flagged()).sort()).toEqual([
      "Gone: Link broken: Amazon no longer lists this product (2 checks in a row)",
      "Sold out: Link broken: Unavailable on Amazon (Currently unavailable.) (2 checks in a row)",
    ]);
    // Sold out, with a price: the price and "unavailable" are shown, like the price, for 24 hours.
    expect(await byTitle("Sold out")).toMatchObject({ currentPrice: 30, amazonInStock: false });
    expect(shownOutOfStock(await byTitle("Sold out"))).toBe(true);
    expect(shownOutOfStock(await byTitle("Sold out"), new Date(Date.now() + PRICE_MAX_AGE_MS))).toBe(false);
    const [fine] = await db().select().from(linkChecks).where(eq(linkChecks.itemId, stale.id));
    expect(fine).toMatchObject({ failures: 0, problem: null, url: "https://www.amazon.com/dp/X" });
  });
});
