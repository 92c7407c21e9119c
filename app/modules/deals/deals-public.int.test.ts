import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { categories, clicks, deals } from "#app/db/schema";
import { seedDemoContent } from "#app/db/seed/seed-demo.server";
import { COUNT_CAP } from "#app/lib/counts";
import { rollUpRecentClicks } from "#app/modules/analytics/recent-clicks.server";
import { findClickTarget } from "#app/modules/catalogue/click-out.server";
import { contentType } from "#app/modules/catalogue/registry.server";
import { recordClickOut } from "#app/modules/clicks/clicks.server";
import { storeFilterOptions } from "#app/modules/stores/stores.server";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import type { DealSort } from "./deal-filters";
import {
  categoryDealCounts,
  findPublicDealBySlug,
  findPublicDealsByIds,
  listHotDeals,
  listPublicDeals,
  listRelatedDeals,
} from "./deals-public.server";

const database = testDatabasePerFile((t) => seedDemoContent(t.db));
const db = () => database().db;

async function hiddenIds() {
  const rows = await db().select({ id: deals.id, status: deals.status }).from(deals);
  return rows.filter((row) => row.status !== "published").map((row) => row.id);
}

describe("public deals", () => {
  it("never returns drafts or archived deals, whatever the filters", async () => {
    // An archived deal besides the seeded draft: neither may ever reach the public.
    const [first] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    await db().update(deals).set({ status: "archived" }).where(eq(deals.id, first!.id));
    const hidden = await hiddenIds();
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    const results = [
      (await listPublicDeals(db(), { limit: 100 })).deals,
      (await listPublicDeals(db(), { limit: 100, search: "smartwatch" })).deals,
      (await listPublicDeals(db(), { limit: 100, ids: hidden })).deals,
      await listHotDeals(db(), 100),
      await findPublicDealsByIds(db(), hidden),
    ];
    for (const list of results) for (const deal of list) expect(hidden).not.toContain(deal.id);
    expect(await findClickTarget(contentType("deal"), db(), hidden[0]!)).toBeNull();
  });

  it.each<
    [
      DealSort,
      (a: { currentPrice: number; discountPercentage: number | null; createdAt: Date }, b: typeof a) => boolean,
    ]
  >([
    ["price-low", (a, b) => a.currentPrice <= b.currentPrice],
    ["price-high", (a, b) => a.currentPrice >= b.currentPrice],
    ["discount", (a, b) => (a.discountPercentage ?? -1) >= (b.discountPercentage ?? -1)],
    ["newest", (a, b) => a.createdAt >= b.createdAt],
  ])("sorts by %s", async (sort, inOrder) => {
    const { deals: rows } = await listPublicDeals(db(), { sort, limit: 100 });
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (let i = 1; i < rows.length; i++) expect(inOrder(rows[i - 1]!, rows[i]!), `${sort} at ${i}`).toBe(true);
  });

  it("sorts by counted click-outs in the last 30 days for 'popular', as of the last roll-up", async () => {
    const { deals: rows } = await listPublicDeals(db(), { sort: "newest", limit: 100 });
    const [newest, second] = rows;
    const last = rows.at(-1)!;
    const clickOut = (id: string, userAgent: string) =>
      recordClickOut(
        db(),
        new Request("http://localhost/go/deal/x?from=test", { headers: { "user-agent": userAgent } }),
        { kind: "deal", id, trackClicks: true, storeId: null },
      );
    await clickOut(last.id, "Mozilla/5.0 (X11; Linux x86_64) Chrome/130");
    await clickOut(last.id, "Mozilla/5.0 (X11; Linux x86_64) Chrome/130");
    for (let i = 0; i < 5; i++) await clickOut(second!.id, "Googlebot/2.1 (+http://www.google.com/bot.html)");
    await db()
      .insert(clicks)
      .values(
        Array.from({ length: 3 }, () => ({
          kind: "deal",
          itemId: newest!.id,
          createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
        })),
      );

    expect((await listPublicDeals(db(), { sort: "popular", limit: 1 })).deals[0]!.id).not.toBe(last.id);
    expect(await rollUpRecentClicks(db())).toBe(1);
    const { deals: popular } = await listPublicDeals(db(), { sort: "popular", limit: 100 });
    // Humans' clicks count; bots' and clicks older than 30 days do not; ties fall back to newest first.
    expect(popular.map((deal) => deal.id)).toEqual([
      last.id,
      ...rows.filter((deal) => deal.id !== last.id).map((deal) => deal.id),
    ]);
    expect(await rollUpRecentClicks(db())).toBe(0);
  });

  it("rolls popularity up incrementally: clicks it has not seen count, clicks turning 30 days old stop counting", async () => {
    const [x, y] = (await listPublicDeals(db(), { sort: "newest", limit: 2 })).deals;
    const popularity = async (id: string) =>
      (await db().select({ p: deals.popularity }).from(deals).where(eq(deals.id, id)))[0]!.p;
    // A year ahead, so no other click of this file falls inside these 30-day windows.
    const hour = 3600 * 1000;
    const t0 = Date.now() + 365 * 24 * hour;
    await db()
      .insert(clicks)
      .values({ kind: "deal", itemId: x!.id, createdAt: new Date(t0 - 30 * 24 * hour + hour) });
    await rollUpRecentClicks(db(), { now: new Date(t0), full: true });
    expect([await popularity(x!.id), await popularity(y!.id)]).toEqual([1, 0]);

    await db()
      .insert(clicks)
      .values({ kind: "deal", itemId: y!.id, createdAt: new Date(t0 + hour) });
    expect(await rollUpRecentClicks(db(), { now: new Date(t0 + 2 * hour) })).toBe(2);
    expect([await popularity(x!.id), await popularity(y!.id)]).toEqual([0, 1]);
    expect(await rollUpRecentClicks(db(), { now: new Date(t0 + 3 * hour) })).toBe(0);
  });

  it("pages without duplicates or gaps while sorted by price", async () => {
    // Ties on price are where unstable paging shows: make several.
    await db().update(deals).set({ currentPrice: 50 }).where(eq(deals.status, "published"));
    const all = (await listPublicDeals(db(), { sort: "price-low", limit: 100 })).deals.map((d) => d.id);
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 5) {
      paged.push(...(await listPublicDeals(db(), { sort: "price-low", limit: 5, offset })).deals.map((d) => d.id));
    }
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it("finds 'headphone' in 'Wireless Noise-Cancelling Headphones', and tolerates a typo", async () => {
    for (const search of ["headphone", "noise cancelling", "headphnes", "wireles headphones"]) {
      const { deals: rows } = await listPublicDeals(db(), { search, limit: 20 });
      expect(
        rows.map((d) => d.title),
        search,
      ).toContain("Sony WH-1000XM5 Wireless Noise-Cancelling Headphones");
    }
    expect((await listPublicDeals(db(), { search: "zzzqqq", limit: 20 })).total).toBe(0);
  });

  it("forgives typos in the words of a new deal's title and of a renamed one, but not in a quoted search", async () => {
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const titles = async (search: string) =>
      (await listPublicDeals(db(), { search, limit: 20 })).deals.map((d) => d.title);
    const [created] = await db()
      .insert(deals)
      .values({
        ...deal!,
        id: undefined,
        slug: "zephyrion-blender",
        title: "Zephyrion Countertop Blender",
      } as typeof deals.$inferInsert)
      .returning({ id: deals.id });
    try {
      expect(await titles("zephyrian blender")).toContain("Zephyrion Countertop Blender");
      expect(await titles('"zephyrian"')).not.toContain("Zephyrion Countertop Blender");
      await db().update(deals).set({ title: "Quasitron Countertop Blender" }).where(eq(deals.id, created!.id));
      expect(await titles("quasitrom")).toContain("Quasitron Countertop Blender");
    } finally {
      await db().delete(deals).where(eq(deals.id, created!.id));
    }
  });

  it("filters by store and category slug, and counts published deals per category", async () => {
    const { deals: amazon, total } = await listPublicDeals(db(), { store: "amazon", limit: 100 });
    expect(total).toBe(amazon.length);
    expect(amazon.every((d) => d.storeSlug === "amazon")).toBe(true);
    const { total: electronics } = await listPublicDeals(db(), { category: "electronics", limit: 100 });
    const counts = await categoryDealCounts(db(), 100);
    expect(await categoryDealCounts(db(), 2)).toEqual(counts.slice(0, 2));
    expect(counts.find((c) => c.slug === "electronics")!.count).toBe(electronics);
    expect((await storeFilterOptions(db(), "deals")).map((s) => s.slug)).toEqual([
      "amazon",
      "bestbuy",
      "target",
      "walmart",
    ]);
  });
});

describe("a category's deals", () => {
  it("pages its own and its subcategories' live deals newest first, with or without a store, and counts them", async () => {
    const [template] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const { id: _id, searchVector: _search, updatedAt: _updated, ...rest } = template!;
    const [parent] = await db().insert(categories).values({ name: "Kites", slug: "kites-paged" }).returning();
    const [child] = await db()
      .insert(categories)
      .values({ name: "Stunt kites", slug: "stunt-kites-paged", parentId: parent!.id })
      .returning();
    // Newest first alternates between the category and its subcategory; a draft and an ended deal are left out.
    const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const listed = Array.from({ length: 7 }, (_, i) => ({
      ...rest,
      title: `Paged Kite ${i}`,
      slug: `paged-kite-${i}`,
      categoryId: i % 2 ? child!.id : parent!.id,
      createdAt: dayAgo(i),
      expiresAt: null,
      publishAt: null,
    }));
    await db()
      .insert(deals)
      .values([
        ...listed,
        { ...listed[0]!, title: "Draft Kite", slug: "draft-kite-paged", status: "draft" as const },
        { ...listed[1]!, title: "Ended Kite", slug: "ended-kite-paged", expiresAt: dayAgo(1) },
      ]);
    const titles = async (filters: { store?: string; offset?: number; limit: number; sort?: DealSort }) => {
      const page = await listPublicDeals(db(), { category: "kites-paged", ...filters });
      return { titles: page.deals.map((deal) => deal.title), total: page.total };
    };
    const newest = listed.map((deal) => deal.title);
    expect(await titles({ limit: 3 })).toEqual({ titles: newest.slice(0, 3), total: 7 });
    expect(await titles({ limit: 3, offset: 3 })).toEqual({ titles: newest.slice(3, 6), total: 7 });
    expect(await titles({ limit: 3, offset: 6 })).toEqual({ titles: newest.slice(6), total: 7 });
    expect((await titles({ limit: 10, sort: "price-low" })).titles.toSorted()).toEqual(newest.toSorted());
    const { storeSlug } = (await listPublicDeals(db(), { category: "kites-paged", limit: 1 })).deals[0]!;
    expect(await titles({ limit: 3, store: storeSlug })).toEqual({ titles: newest.slice(0, 3), total: 7 });
    expect(await titles({ limit: 3, store: "no-such-store" })).toEqual({ titles: [], total: 0 });
    // The subcategory alone lists only its own.
    const own = await listPublicDeals(db(), { category: "stunt-kites-paged", limit: 10 });
    expect(own.deals.map((deal) => deal.title)).toEqual(newest.filter((_, i) => i % 2));
  });
});

describe("search counts", () => {
  it("count typo matches below the cap, and say 1,000+ for a word more deals share", async () => {
    const typo = await listPublicDeals(db(), { search: "headphnes", limit: 20 });
    expect(typo.total).toBe(typo.deals.length);
    expect(typo.total).toBeGreaterThan(0);

    const [template] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const copies = Array.from({ length: COUNT_CAP + 5 }, (_, i) => ({
      ...template!,
      id: undefined,
      slug: `gadget-widget-${i}`,
      title: `Gadget Widget ${i}`,
    }));
    const inserted = await db()
      .insert(deals)
      .values(copies as (typeof deals.$inferInsert)[])
      .returning({ id: deals.id });
    try {
      expect((await listPublicDeals(db(), { search: "widget", limit: 12 })).total).toBe(COUNT_CAP + 1);
      expect((await listPublicDeals(db(), { search: "widgt", limit: 12 })).total).toBe(COUNT_CAP + 1);
      expect((await listPublicDeals(db(), { search: "widget zzzqqq", limit: 12 })).total).toBe(0);
    } finally {
      await db()
        .delete(deals)
        .where(
          inArray(
            deals.id,
            inserted.map((row) => row.id),
          ),
        );
    }
  });
});

describe("a deal's own page and its end", () => {
  it("answers any published deal by slug, ended ones marked expired, and no draft or archived one", async () => {
    const rows = await db().select({ slug: deals.slug, status: deals.status }).from(deals);
    for (const row of rows) {
      const found = await findPublicDealBySlug(db(), row.slug);
      expect(found?.slug, `${row.slug} (${row.status})`).toBe(row.status === "published" ? row.slug : undefined);
    }
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    await db()
      .update(deals)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(deals.id, deal!.id));
    try {
      const ended = await findPublicDealBySlug(db(), deal!.slug);
      expect(ended?.expired).toBe(true);
      expect((await listPublicDeals(db(), { limit: 100 })).deals.map((d) => d.id)).not.toContain(deal!.id);
    } finally {
      await db().update(deals).set({ expiresAt: deal!.expiresAt }).where(eq(deals.id, deal!.id));
    }
  });

  it("drops a deal from listings, embeds and related deals the moment it ends", async () => {
    const [deal] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const [other] = await db()
      .select()
      .from(deals)
      .where(sql`${deals.status} = 'published' and ${deals.storeId} = ${deal!.storeId} and ${deals.id} <> ${deal!.id}`)
      .limit(1);
    await db()
      .update(deals)
      .set({ expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(deals.id, deal!.id));
    const offered = async () => ({
      listed: (await listPublicDeals(db(), { limit: 100 })).deals.some((d) => d.id === deal!.id),
      embedded: (await findPublicDealsByIds(db(), [deal!.id])).length > 0,
      related: (await listRelatedDeals(db(), other!, 100)).some((d) => d.id === deal!.id),
      hot: (await listHotDeals(db(), 100)).some((d) => d.id === deal!.id),
    });
    try {
      expect(await offered()).toEqual({ listed: true, embedded: true, related: true, hot: true });
      // Ended a moment ago: still published, no job has run, yet no longer offered.
      await db()
        .update(deals)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(deals.id, deal!.id));
      expect(await offered()).toEqual({ listed: false, embedded: false, related: false, hot: false });
      expect((await findPublicDealBySlug(db(), deal!.slug))?.expired).toBe(true);
    } finally {
      await db().update(deals).set({ expiresAt: deal!.expiresAt }).where(eq(deals.id, deal!.id));
    }
  });

  it("offers live deals like this one: the same category's first, the most alike titles leading, then the same store's, never itself", async () => {
    const [template] = await db().select().from(deals).where(eq(deals.status, "published")).limit(1);
    const { id: _id, searchVector: _search, createdAt: _created, updatedAt: _updated, ...rest } = template!;
    const [otherCategory] = await db()
      .select({ id: deals.categoryId })
      .from(deals)
      .where(sql`${deals.categoryId} IS NOT NULL AND ${deals.categoryId} <> ${template!.categoryId}`)
      .limit(1);
    const add = async (title: string, values: Partial<typeof deals.$inferInsert>) =>
      (
        await db()
          .insert(deals)
          .values({
            ...rest,
            title,
            slug: `alike-${title.toLowerCase().replace(/\W+/g, "-")}`,
            expiresAt: null,
            publishAt: null,
            ...values,
          })
          .returning()
      )[0]!;
    // A category of their own, so the demo's deals do not crowd the answer.
    const [{ id: categoryId }] = (await db()
      .insert(categories)
      .values({ name: "Drones", slug: "drones-alike" })
      .returning({ id: categories.id })) as [{ id: string }];
    const drone = await add("DJI Mini 4 Pro Camera Drone", { categoryId });
    const alike = await add("DJI Air 3 Camera Drone", { categoryId, createdAt: new Date(Date.now() - 86_400_000) });
    const unlike = await add("Folding Kite", { categoryId });
    const sameStore = await add("Convertible Car Seat", { categoryId: otherCategory!.id });
    await add("Gone Drone DJI", { categoryId, status: "draft" });

    const related = await listRelatedDeals(db(), drone, 20);
    const titles = related.map((row) => row.title);
    expect(titles.slice(0, 2)).toEqual([alike.title, unlike.title]);
    expect(titles).toContain(sameStore.title);
    expect(titles).not.toContain(drone.title);
    expect(titles).not.toContain("Gone Drone DJI");
    // After the category, the store's deals (newest first): none of another store.
    expect(
      related
        .slice(2)
        .every((row) => row.storeName === related.find((candidate) => candidate.id === sameStore.id)!.storeName),
    ).toBe(true);
  });
});
