import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { isStillReferenced, PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, pgError } from "./errors.server";
import { buyingGuides, categories, coupons, deals, giftIdeas, stores } from "./schema";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function expectPgError(promise: Promise<unknown>, code: string, constraint?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the database accepted a row it must refuse").not.toBeNull();
  const info = pgError(error);
  expect(info?.code).toBe(code);
  if (constraint) expect(info?.constraint).toBe(constraint);
}

async function expectStillReferenced(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isStillReferenced(error), `expected the delete to be refused, got ${String(error)}`).toBe(true);
}

async function insertStore(slug = "acme") {
  const [store] = await t.db.insert(stores).values({ name: "Acme", slug }).returning();
  return store!;
}

function dealValues(storeId: string, overrides: Partial<typeof deals.$inferInsert> = {}) {
  return {
    title: "Tablet",
    slug: "tablet",
    shortDescription: "A tablet",
    imageUrl: "https://example.com/t.png",
    currentPrice: 80,
    originalPrice: 100,
    affiliateUrl: "https://example.com/t",
    storeId,
    ...overrides,
  };
}

describe("data model constraints", () => {
  it("stores money as numbers with two decimals and defaults new content to an unfeatured draft", async () => {
    const store = await insertStore();
    const [deal] = await t.db
      .insert(deals)
      .values(dealValues(store.id, { currentPrice: 19.999 }))
      .returning();
    expect(deal!.currentPrice).toBe(20);
    expect(deal!.status).toBe("draft");
    expect(deal!.featured).toBe(false);
    expect(deal!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.apiType).toBe("manual");
    expect(store.apiConfig).toEqual({});
  });

  it("rejects a duplicate slug in the same table", async () => {
    const store = await insertStore();
    await t.db.insert(deals).values(dealValues(store.id));
    await expectPgError(t.db.insert(deals).values(dealValues(store.id)), PG_UNIQUE_VIOLATION, "deals_slug_unique");
    await expectPgError(insertStore("acme"), PG_UNIQUE_VIOLATION, "stores_slug_unique");
  });

  it("rejects negative and zero prices", async () => {
    const store = await insertStore();
    await expectPgError(
      t.db.insert(deals).values(dealValues(store.id, { currentPrice: -5 })),
      PG_CHECK_VIOLATION,
      "deals_current_price_positive",
    );
    await expectPgError(
      t.db.insert(deals).values(dealValues(store.id, { originalPrice: 0 })),
      PG_CHECK_VIOLATION,
      "deals_original_price_positive",
    );
    await expectPgError(
      t.db.insert(coupons).values({ title: "x", description: "x", storeId: store.id, discountValue: 0 }),
      PG_CHECK_VIOLATION,
      "coupons_discount_value_positive",
    );
  });

  it("rejects a rating above 5 and negative review totals", async () => {
    const store = await insertStore();
    await expectPgError(
      t.db.insert(deals).values(dealValues(store.id, { rating: 6 })),
      PG_CHECK_VIOLATION,
      "deals_rating_range",
    );
    const gift = {
      title: "Gift",
      slug: "gift",
      description: "d",
      imageUrl: "https://example.com/g.png",
      productUrl: "https://example.com/g",
    };
    await expectPgError(
      t.db.insert(giftIdeas).values({ ...gift, rating: 6 }),
      PG_CHECK_VIOLATION,
      "gift_ideas_rating_range",
    );
    await expectPgError(
      t.db.insert(giftIdeas).values({ ...gift, totalReviews: -1 }),
      PG_CHECK_VIOLATION,
      "gift_ideas_total_reviews_positive",
    );
  });

  it("rejects a read time under one minute and a coupon that ends before it starts", async () => {
    const store = await insertStore();
    await expectPgError(
      t.db
        .insert(buyingGuides)
        .values({ title: "G", slug: "g", content: "<p>x</p>", coverImageUrl: "https://e.com/c.png", readTime: 0 }),
      PG_CHECK_VIOLATION,
      "buying_guides_read_time_positive",
    );
    await expectPgError(
      t.db.insert(coupons).values({
        title: "x",
        description: "x",
        storeId: store.id,
        discountValue: 10,
        validFrom: new Date("2026-02-01"),
        validUntil: new Date("2026-01-01"),
      }),
      PG_CHECK_VIOLATION,
      "coupons_valid_range",
    );
  });

  it("refuses to delete a store that deals use, and keeps the deal", async () => {
    const store = await insertStore();
    await t.db.insert(deals).values(dealValues(store.id));
    await expectStillReferenced(t.db.delete(stores).where(eq(stores.id, store.id)));
    expect(await t.db.select().from(deals)).toHaveLength(1);
  });

  it("refuses to delete a category that has children", async () => {
    const [parent] = await t.db.insert(categories).values({ name: "Parent", slug: "parent" }).returning();
    await t.db.insert(categories).values({ name: "Child", slug: "child", parentId: parent!.id });
    await expectStillReferenced(t.db.delete(categories).where(eq(categories.id, parent!.id)));
  });

  it("keeps a full-text vector of the deal's title and descriptions", async () => {
    const store = await insertStore();
    await t.db.insert(deals).values(dealValues(store.id, { title: "Wireless Noise-Cancelling Headphones" }));
    const [row] = await t.db.select({ vector: deals.searchVector }).from(deals);
    expect(row!.vector).toContain("'headphon'");
  });
});
