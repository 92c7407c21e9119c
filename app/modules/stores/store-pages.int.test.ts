import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { categories, coupons, deals, stores } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { findClickTarget } from "#app/modules/catalogue/click-out.server";
import { contentType } from "#app/modules/catalogue/registry.server";
import { sitemapFileEntries } from "#app/modules/catalogue/sitemap.server";
import { findPublicCategoryBySlug } from "#app/modules/categories/categories.server";
import { listStoreCoupons } from "#app/modules/coupons/coupons-public.server";

import { insertStore } from "../../../tests/support/fixtures";
import { testDatabasePerFile } from "../../../tests/support/test-database";
import { findPublicStoreBySlug, listStoresAtoZ, storeInitials } from "./stores-public.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

const sitemapPaths = async (file: string) => ((await sitemapFileEntries(db(), file)) ?? []).map((entry) => entry.path);

describe("store pages", () => {
  it("list a store's live coupons apart from its expired ones, never a draft", async () => {
    const [walmart] = await db().select().from(stores).where(eq(stores.slug, "walmart"));
    const [template] = await db().select().from(coupons).where(eq(coupons.storeId, walmart!.id)).limit(1);
    const copy = (title: string, values: Partial<typeof coupons.$inferInsert>) =>
      ({ ...template!, id: undefined, title, ...values }) as typeof coupons.$inferInsert;
    await db()
      .insert(coupons)
      .values([
        copy("Walmart Live Coupon", {
          status: "published",
          validFrom: null,
          validUntil: sql`now() + interval '3 days'` as unknown as Date,
        }),
        copy("Walmart Draft Coupon", { status: "draft", validUntil: null }),
      ]);
    const live = await listStoreCoupons(db(), walmart!.id, { state: "live", limit: 30 });
    const expired = await listStoreCoupons(db(), walmart!.id, { state: "expired", limit: 30 });
    expect(live.map((c) => c.title)).toEqual(["Walmart Live Coupon"]);
    expect(expired.map((c) => c.title)).toEqual(["15% Off Kitchen Appliances"]);
  });

  it("answer every store by slug without its API settings, and send 'Visit' and its coupons to its affiliate URL", async () => {
    const store = await findPublicStoreBySlug(db(), "target");
    expect(store).toMatchObject({ name: "Target", targetUrl: "https://www.target.com/?ref=dealdash" });
    expect(Object.keys(store!)).not.toContain("apiConfig");
    expect(await findPublicStoreBySlug(db(), "no-such-store")).toBeNull();

    await db()
      .update(stores)
      .set({ affiliateUrl: "https://partner.example/target?aff=1" })
      .where(eq(stores.slug, "target"));
    expect((await findPublicStoreBySlug(db(), "target"))!.targetUrl).toBe("https://partner.example/target?aff=1");
    expect(await findClickTarget(contentType("store"), db(), store!.id)).toMatchObject({
      url: "https://partner.example/target?aff=1",
    });
    const [coupon] = await db().select().from(coupons).where(eq(coupons.storeId, store!.id)).limit(1);
    await db().update(coupons).set({ affiliateUrl: null, urlType: "automatic" }).where(eq(coupons.id, coupon!.id));
    expect(await findClickTarget(contentType("coupon"), db(), coupon!.id)).toMatchObject({
      url: "https://partner.example/target?aff=1",
    });
  });

  it("send shoppers nowhere they were not given: a store without an affiliate URL has no Visit link", async () => {
    const store = await insertStore(db(), "Costco Wholesale!!", "costco-wholesale");
    expect((await findPublicStoreBySlug(db(), "costco-wholesale"))!.targetUrl).toBeNull();
    expect(await findClickTarget(contentType("store"), db(), store.id)).toBeNull();
    // Its coupon without a link of its own has none either: the code alone, no guessed address.
    const [template] = await db().select().from(coupons).where(eq(coupons.status, "published")).limit(1);
    const { id: _id, searchVector: _search, createdAt: _created, updatedAt: _updated, ...rest } = template!;
    const [coupon] = await db()
      .insert(coupons)
      .values({ ...rest, storeId: store.id, affiliateUrl: null, urlType: "automatic", validUntil: null })
      .returning();
    expect(await findClickTarget(contentType("coupon"), db(), coupon!.id)).toBeNull();
    const [card] = await listStoreCoupons(db(), store.id, { state: "live", limit: 30 });
    expect(card).toMatchObject({ id: coupon!.id, targetUrl: null });
    // A manual link of the coupon's own still goes out.
    await db()
      .update(coupons)
      .set({ urlType: "manual", customUrl: "https://partner.example/costco?aff=1" })
      .where(eq(coupons.id, coupon!.id));
    expect(await findClickTarget(contentType("coupon"), db(), coupon!.id)).toMatchObject({
      url: "https://partner.example/costco?aff=1",
    });
  });

  it("are indexed A–Z and in the sitemap only while the store has a live deal or coupon", async () => {
    const empty = await insertStore(db(), "Aardvark Empty Store", "aardvark-empty-store");
    const index = await listStoresAtoZ(db());
    expect(index.stores.map((s) => s.slug)).toEqual(["amazon", "bestbuy", "target", "walmart"]);
    // A letter shows its own stores only; the index knows which letters lead anywhere.
    expect((await listStoresAtoZ(db(), { letter: "T" })).stores.map((s) => s.slug)).toEqual(["target"]);
    expect((await listStoresAtoZ(db(), { letter: "Q" })).stores).toEqual([]);
    expect(await storeInitials(db())).toEqual(["A", "B", "T", "W"]);
    expect((await listStoresAtoZ(db(), { from: "T" })).stores.map((s) => s.slug)).toEqual(["target", "walmart"]);
    expect(await sitemapPaths("stores-1")).toEqual(expect.arrayContaining(["/stores/amazon", "/stores/walmart"]));
    expect(await sitemapPaths("stores-1")).not.toContain(`/stores/${empty.slug}`);

    // A store whose only deal has ended drops out at that moment.
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    await db()
      .update(deals)
      .set({ storeId: empty.id, expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(deals.id, deal!.id));
    expect(await sitemapPaths("stores-1")).toContain(`/stores/${empty.slug}`);
    await db()
      .update(deals)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(deals.id, deal!.id));
    expect(await sitemapPaths("stores-1")).not.toContain(`/stores/${empty.slug}`);
    expect((await listStoresAtoZ(db())).stores.map((s) => s.slug)).not.toContain(empty.slug);
  });
});

describe("category pages", () => {
  it("answer a category with its parent and subcategories, and are in the sitemap while they have live deals", async () => {
    const [electronics] = await db().select().from(categories).where(eq(categories.slug, "electronics"));
    const [child] = await db()
      .insert(categories)
      .values({ name: "Audio Test", slug: "audio-test", parentId: electronics!.id })
      .returning();
    const [lonely] = await db().insert(categories).values({ name: "Lonely Test", slug: "lonely-test" }).returning();
    const page = await findPublicCategoryBySlug(db(), "audio-test");
    expect(page).toMatchObject({
      name: "Audio Test",
      parent: { name: "Electronics", slug: "electronics" },
      children: [],
    });
    expect((await findPublicCategoryBySlug(db(), "electronics"))!.children).toEqual([
      { name: "Audio Test", slug: "audio-test" },
    ]);
    expect(await findPublicCategoryBySlug(db(), "nope")).toBeUndefined();

    expect(await sitemapPaths("categories-1")).toContain("/categories/electronics");
    expect(await sitemapPaths("categories-1")).not.toContain(`/categories/${lonely!.slug}`);
    expect(await sitemapPaths("categories-1")).not.toContain(`/categories/${child!.slug}`);
    // A parent with no deals of its own is listed through a subcategory's.
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const [parentOfLonely] = await db()
      .insert(categories)
      .values({ name: "Lonely Child", slug: "lonely-child", parentId: lonely!.id })
      .returning();
    await db().update(deals).set({ categoryId: parentOfLonely!.id }).where(eq(deals.id, deal!.id));
    expect(await sitemapPaths("categories-1")).toEqual(
      expect.arrayContaining([`/categories/${lonely!.slug}`, "/categories/lonely-child"]),
    );
  });
});
