import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { buyingGuides, coupons, deals, giftIdeas, stores } from "./schema";
import { seedDemoContent } from "./seed/seed-demo.server";

describe("demo content", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoContent(t.db);
  });
  afterAll(() => t.close());

  it("loads the spec's stores, categories and samples as real rows", async () => {
    const storeSlugs = (await t.db.select({ slug: stores.slug }).from(stores)).map((s) => s.slug).sort();
    expect(storeSlugs).toEqual(["amazon", "bestbuy", "target", "walmart"]);

    const published = await t.db.select().from(deals).where(eq(deals.status, "published"));
    expect(published.length).toBeGreaterThanOrEqual(12);
    const titles = published.map((d) => d.title).join("\n");
    expect(titles).toMatch(/Tablet/);
    expect(titles).toMatch(/Wireless Noise-Cancelling Headphones/);
    expect(titles).toMatch(/Gaming Console/);
    // The spec's sample discounts.
    expect(published.map((d) => d.discountPercentage)).toEqual(expect.arrayContaining([22, 29, 14]));
  });

  it("has the sample coupons plus an expired one and one without a code", async () => {
    const rows = await t.db.select().from(coupons);
    expect(rows.some((c) => c.discountType === "percentage" && c.discountValue === 20)).toBe(true);
    expect(rows.some((c) => c.discountType === "fixed" && c.discountValue === 50)).toBe(true);
    expect(rows.some((c) => c.validUntil !== null && c.validUntil < new Date())).toBe(true);
    expect(rows.some((c) => c.couponCode === null)).toBe(true);
  });

  it("has three published guides, one featured, one with deal tokens that point at real deals", async () => {
    const guides = await t.db.select().from(buyingGuides).where(eq(buyingGuides.status, "published"));
    expect(guides).toHaveLength(3);
    expect(guides.filter((g) => g.featured)).toHaveLength(1);
    const tokens = guides.flatMap((g) => [...g.content.matchAll(/\[deal:([0-9a-f-]{36})\]/g)].map((m) => m[1]!));
    expect(tokens.length).toBeGreaterThan(0);
    for (const id of tokens) expect(await t.db.select().from(deals).where(eq(deals.id, id))).toHaveLength(1);
  });

  it("has three gift collections, one featured, with images served locally", async () => {
    const gifts = await t.db.select().from(giftIdeas);
    expect(gifts).toHaveLength(3);
    expect(gifts.filter((g) => g.featured)).toHaveLength(1);
    for (const gift of gifts) expect(gift.imageUrl).toMatch(/^\/demo\/[a-z-]+\.svg$/);
  });
});
