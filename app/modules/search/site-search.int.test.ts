import { eq, getTableColumns, ilike, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { CONTENT_CHANNEL } from "#app/db/content-change-notice.server";
import { coupons, deals, stores } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { COUNT_CAP } from "#app/lib/counts";
import { nextContentChange } from "#app/modules/catalogue/next-content-change.server";
import { listPublicDeals } from "#app/modules/deals/deals-public.server";
import { contentChanges } from "#app/platform/content-changes.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { SEARCH_SECTION_SIZES, searchSite } from "./site-search.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

/** A published deal's row with other words and status, ready to insert. */
async function dealRow(changes: Partial<typeof deals.$inferInsert>) {
  const [source] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
  const row: Record<string, unknown> = { ...source, expiresAt: null, publishAt: null, unpublishAt: null };
  for (const [key, column] of Object.entries(getTableColumns(deals)))
    if (column.generated || ["id", "createdAt", "updatedAt"].includes(key)) delete row[key];
  return { ...row, ...changes } as typeof deals.$inferInsert;
}

/** A copy of a published deal with other words, and status; the caller deletes it. */
async function dealCopy(changes: Partial<typeof deals.$inferInsert>) {
  const [inserted] = await db()
    .insert(deals)
    .values(await dealRow(changes))
    .returning({ id: deals.id });
  return inserted!.id;
}

describe("the site search", () => {
  it("finds deals, coupons, stores and guides in one search, forgiving a typo", async () => {
    const found = await searchSite(db(), "headphnes");
    expect(found.deals.deals.map((deal) => deal.title)).toContain(
      "Sony WH-1000XM5 Wireless Noise-Cancelling Headphones",
    );
    expect(found.guides.guides.map((guide) => guide.title)).toContain(
      "The Best Noise-Cancelling Headphones to Buy Now",
    );
    expect((await searchSite(db(), "sitewid")).coupons.coupons.map((coupon) => coupon.title)).toContain(
      "20% Off Sitewide",
    );
    expect((await searchSite(db(), "Best Buy")).stores.stores.map((store) => store.name)).toEqual(["Best Buy"]);
    expect((await searchSite(db(), "Bestbuy")).stores.stores.map((store) => store.name)).toEqual(["Best Buy"]);
    const nothing = await searchSite(db(), "zzqqxxjj");
    expect([nothing.deals.total, nothing.coupons.total, nothing.stores.stores.length, nothing.guides.total]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("ranks a deal with the words in its title above newer deals that only mention them", async () => {
    const titled = await dealCopy({
      title: "Quantum Blender Pro",
      slug: "quantum-blender-pro",
      shortDescription: "A blender",
      createdAt: new Date("2020-01-01"),
    });
    const mentions = await dealCopy({
      title: "Kitchen Bundle",
      slug: "kitchen-bundle-q",
      shortDescription: "Comes with a free quantum blender cup",
    });
    try {
      const found = await searchSite(db(), "quantum blender");
      expect(found.deals.deals.map((deal) => deal.id)).toEqual([titled, mentions]);
      expect(found.deals.total).toBe(2);
      // Deal Dashes lists the same matches, newest first.
      expect(
        (await listPublicDeals(db(), { search: "quantum blender", limit: 10 })).deals.map((deal) => deal.id),
      ).toEqual([mentions, titled]);
    } finally {
      await db().delete(deals).where(eq(deals.slug, "quantum-blender-pro"));
      await db().delete(deals).where(eq(deals.slug, "kitchen-bundle-q"));
    }
  });

  it("ranks a word more than a thousand deals have among its newest hundred matches", async () => {
    const row = await dealRow({ shortDescription: "Comes with a wombat sticker" });
    const mentions = Array.from({ length: COUNT_CAP + 1 }, (_, i) => ({
      ...row,
      title: `Garden Kit ${i}`,
      slug: `wombat-mention-${i}`,
      createdAt: new Date(Date.now() - i * 60_000),
    }));
    // Title words weigh most: a title match among the newest hundred leads; one past them is not looked at.
    mentions[50] = { ...mentions[50]!, title: "Wombat Plush" };
    mentions[150] = { ...mentions[150]!, title: "Wombat Lamp" };
    await db().insert(deals).values(mentions);
    try {
      const found = (await searchSite(db(), "wombat")).deals;
      expect(found.total).toBe(COUNT_CAP + 1);
      const titles = found.deals.map((deal) => deal.title);
      expect(titles).toHaveLength(SEARCH_SECTION_SIZES.deals);
      expect(titles[0]).toBe("Wombat Plush");
      expect(titles).not.toContain("Wombat Lamp");
    } finally {
      await db().delete(deals).where(ilike(deals.slug, "wombat-mention-%"));
    }
  });

  it("ranks coupons with the words in their title first, whether few or many match", async () => {
    const [store] = await db().select({ id: stores.id }).from(stores).limit(1);
    const coupon = (title: string, description: string, daysAgo: number) => ({
      title,
      description,
      storeId: store!.id,
      discountValue: 10,
      status: "published" as const,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    const [olderTitled, newerTitled, mention] = await db()
      .insert(coupons)
      .values([
        coupon("Gizmoflux Blender Deal", "Save on a blender", 30),
        coupon("Gizmoflux Toaster Deal", "Save on a toaster", 10),
        coupon("Kitchen Savings", "Works on every gizmoflux appliance", 1),
      ])
      .returning({ id: coupons.id });
    try {
      const few = (await searchSite(db(), "gizmoflux")).coupons;
      expect(few.coupons.map((found) => found.id)).toEqual([newerTitled!.id, olderTitled!.id, mention!.id]);
      expect(few.total).toBe(3);

      // Many more mention the word, some newer: the titled ones still lead, then the newest mentions.
      const mentions = Array.from({ length: COUNT_CAP }, (_, i) =>
        coupon(`Appliance Offer ${i}`, "Fits any gizmoflux appliance", i % 2 === 0 ? 0 : 20),
      );
      await db().insert(coupons).values(mentions);
      const many = (await searchSite(db(), "gizmoflux")).coupons;
      expect(many.total).toBe(COUNT_CAP + 1);
      const shown = many.coupons.map((found) => found.id);
      expect(shown.slice(0, 2)).toEqual([newerTitled!.id, olderTitled!.id]);
      expect(shown).toHaveLength(SEARCH_SECTION_SIZES.coupons);
      const rest = await db()
        .select({ createdAt: coupons.createdAt })
        .from(coupons)
        .where(inArray(coupons.id, shown.slice(2)));
      // The newest mentions fill the section: today's, newer than the first mention.
      expect(rest.every((row) => row.createdAt > new Date(Date.now() - 86_400_000))).toBe(true);
    } finally {
      await db().delete(coupons).where(ilike(coupons.description, "%gizmoflux%"));
      await db().delete(coupons).where(ilike(coupons.title, "%gizmoflux%"));
    }
  });

  it("offers only live items: not drafts, not scheduled ones, not expired coupons", async () => {
    const draft = await dealCopy({ title: "Zephyr Draft Speaker", slug: "zephyr-draft", status: "draft" });
    const scheduled = await dealCopy({
      title: "Zephyr Later Speaker",
      slug: "zephyr-later",
      publishAt: new Date(Date.now() + 3_600_000),
    });
    const live = await dealCopy({ title: "Zephyr Live Speaker", slug: "zephyr-live" });
    const [coupon] = await db().select().from(coupons).where(eq(coupons.title, "20% Off Sitewide"));
    await db()
      .update(coupons)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, coupon!.id));
    try {
      expect((await searchSite(db(), "zephyr")).deals.deals.map((deal) => deal.id)).toEqual([live]);
      expect((await searchSite(db(), "sitewide")).coupons.total).toBe(0);
    } finally {
      await db().update(coupons).set({ validUntil: coupon!.validUntil }).where(eq(coupons.id, coupon!.id));
      for (const id of [draft, scheduled, live]) await db().delete(deals).where(eq(deals.id, id));
    }
  });

  it("forgives a typo with a word first published after the same search, once the database says content changed", async () => {
    await contentChanges.watch({
      listen: (onChange) => database().listen(CONTENT_CHANNEL, onChange),
      nextScheduledChange: () => nextContentChange(db()),
    });
    try {
      expect((await searchSite(db(), "zanzibr grinder")).deals.total).toBe(0);
      const grinder = await dealCopy({ title: "Zanzibar Spice Grinder", slug: "zanzibar-spice-grinder" });
      try {
        // The first search's typo lookup (no near word then) is not kept past the change.
        await vi.waitFor(
          async () => {
            const found = await searchSite(db(), "zanzibr grinder");
            expect(found.deals.deals.map((deal) => deal.id)).toEqual([grinder]);
          },
          { timeout: 60_000, interval: 50 },
        );
      } finally {
        await db().delete(deals).where(eq(deals.id, grinder));
      }
    } finally {
      await contentChanges.stop();
    }
  });
});
