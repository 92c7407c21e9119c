import { eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyingGuides, coupons, giftIdeas, stores } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import {
  categoriesWithPublicGuides,
  findPublicGuideBySlug,
  findPublicGuideSlugById,
  listPublicGuides,
} from "#app/modules/buying-guides/buying-guides-public.server";
import { findClickTarget } from "#app/modules/catalogue/click-out.server";
import { contentType } from "#app/modules/catalogue/registry.server";
import {
  findPublicCouponsByIds,
  listPublicCoupons,
  listTrendingCoupons,
  revealCouponCode,
} from "#app/modules/coupons/coupons-public.server";
import { findPublicGiftIdeaBySlug, listPublicGiftIdeas } from "#app/modules/gift-ideas/gift-ideas-public.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";

const database = testDatabasePerFile(async (t) => {
  await seedDemoContent(t.db);
  // Hide one of each: the public must never see them.
  await t.db.update(coupons).set({ status: "draft" }).where(eq(coupons.title, "10% Off Baby Essentials"));
  const [gift] = await t.db.select().from(giftIdeas).limit(1);
  await t.db.update(giftIdeas).set({ status: "archived" }).where(eq(giftIdeas.id, gift!.id));
  const [guide] = await t.db.select().from(buyingGuides).limit(1);
  await t.db.update(buyingGuides).set({ status: "draft" }).where(eq(buyingGuides.id, guide!.id));
});
const db = () => database().db;

describe("public coupons", () => {
  it("never return drafts, and hide expired ones unless asked", async () => {
    const [hidden] = await db().select().from(coupons).where(ne(coupons.status, "published"));
    const shown = await listPublicCoupons(db(), { limit: 100, showExpired: true });
    expect(shown.coupons.map((c) => c.id)).not.toContain(hidden!.id);
    expect(await findPublicCouponsByIds(db(), [hidden!.id])).toEqual([]);
    expect(await revealCouponCode(db(), hidden!.id)).toBeNull();
    expect(await findClickTarget(contentType("coupon"), db(), hidden!.id)).toBeNull();

    const current = await listPublicCoupons(db(), { limit: 100 });
    expect(current.coupons.length).toBeLessThan(shown.coupons.length);
    expect(current.coupons.every((c) => c.validUntil === null || c.validUntil > new Date())).toBe(true);
    expect((await listTrendingCoupons(db(), 10)).every((c) => c.validUntil === null || c.validUntil > new Date())).toBe(
      true,
    );
  });

  it("never carry the code in list data; reveal gives it for a published, unexpired coupon", async () => {
    const { coupons: list } = await listPublicCoupons(db(), { limit: 100 });
    expect(JSON.stringify(list)).not.toMatch(/SAVE20|TECH50|KITCHEN15/);
    const withCode = list.find((c) => c.hasCode)!;
    expect((await revealCouponCode(db(), withCode.id))?.code).toMatch(/^[A-Z0-9]+$/);
    const { coupons: all } = await listPublicCoupons(db(), { limit: 100, showExpired: true });
    const expired = all.find((c) => c.validUntil !== null && c.validUntil < new Date())!;
    expect(await revealCouponCode(db(), expired.id)).toBeNull();
  });

  it("search title and description without case, and match the store by name without case", async () => {
    const { coupons: found } = await listPublicCoupons(db(), { search: "SITEWIDE", limit: 100, showExpired: true });
    const { coupons: byDescription } = await listPublicCoupons(db(), {
      search: "electronics",
      limit: 100,
      showExpired: true,
    });
    const { coupons: byStore } = await listPublicCoupons(db(), { store: "best buy", limit: 100, showExpired: true });
    for (const list of [found, byDescription, byStore]) expect(list.length).toBeGreaterThan(0);
    expect(byStore.every((c) => c.storeName === "Best Buy")).toBe(true);
    expect((await listPublicCoupons(db(), { search: "100%_", limit: 10, showExpired: true })).coupons).toEqual([]);
  });

  it("send the shopper to the affiliate URL, else a manual custom URL, else the store's affiliate URL, else nowhere", async () => {
    const [coupon] = await db().select().from(coupons).where(eq(coupons.status, "published")).limit(1);
    const target = async (values: Partial<typeof coupons.$inferInsert>) => {
      await db()
        .update(coupons)
        .set({ validUntil: null, ...values })
        .where(eq(coupons.id, coupon!.id));
      const listed = (await findPublicCouponsByIds(db(), [coupon!.id]))[0]!.targetUrl;
      const clicked = (await findClickTarget(contentType("coupon"), db(), coupon!.id))?.url ?? null;
      expect(clicked).toBe(listed);
      return clicked;
    };
    expect(
      await target({ affiliateUrl: "https://aff.example/", urlType: "manual", customUrl: "https://custom.example/" }),
    ).toBe("https://aff.example/");
    expect(await target({ affiliateUrl: null, urlType: "manual", customUrl: "https://custom.example/" })).toBe(
      "https://custom.example/",
    );
    const [store] = await db().select().from(stores).where(eq(stores.id, coupon!.storeId));
    expect(await target({ affiliateUrl: null, urlType: "automatic", customUrl: "https://custom.example/" })).toBe(
      store!.affiliateUrl,
    );
    // Never an address made up from the store's name.
    await db().update(stores).set({ affiliateUrl: null }).where(eq(stores.id, store!.id));
    expect(await target({ affiliateUrl: null, urlType: "automatic" })).toBeNull();
    await db().update(stores).set({ affiliateUrl: store!.affiliateUrl }).where(eq(stores.id, store!.id));
  });
});

describe("public gift ideas and guides", () => {
  it("never return archived or draft rows", async () => {
    const [hiddenGift] = await db().select().from(giftIdeas).where(ne(giftIdeas.status, "published"));
    expect((await listPublicGiftIdeas(db(), { limit: 200 })).map((g) => g.id)).not.toContain(hiddenGift!.id);
    expect(await findPublicGiftIdeaBySlug(db(), hiddenGift!.slug)).toBeNull();
    expect(await findClickTarget(contentType("gift"), db(), hiddenGift!.id)).toBeNull();

    const [hiddenGuide] = await db().select().from(buyingGuides).where(ne(buyingGuides.status, "published"));
    expect((await listPublicGuides(db(), { limit: 100 })).guides.map((g) => g.id)).not.toContain(hiddenGuide!.id);
    expect(await findPublicGuideBySlug(db(), hiddenGuide!.slug)).toBeNull();
    expect(await findPublicGuideSlugById(db(), hiddenGuide!.id)).toBeNull();
  });

  it("orders gifts featured first, and filters guides by category slug", async () => {
    const gifts = await listPublicGiftIdeas(db(), { limit: 200 });
    const firstNonFeatured = gifts.findIndex((g) => !g.featured);
    expect(gifts.slice(firstNonFeatured).every((g) => !g.featured)).toBe(true);
    const categories = await categoriesWithPublicGuides(db());
    for (const category of categories) {
      const { guides } = await listPublicGuides(db(), { category: category.slug, limit: 100 });
      expect(guides.length).toBeGreaterThan(0);
    }
  });

  it("keeps admin notes out of the public gift page", async () => {
    const [gift] = await db().select().from(giftIdeas).where(eq(giftIdeas.status, "published")).limit(1);
    await db().update(giftIdeas).set({ adminNotes: "internal margin 12%" }).where(eq(giftIdeas.id, gift!.id));
    expect(JSON.stringify(await findPublicGiftIdeaBySlug(db(), gift!.slug))).not.toContain("internal margin");
  });
});
