import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals, priceHistory } from "#app/db/schema";
import { importCsv } from "#app/modules/catalogue/csv-import.server";
import { deleteContent } from "#app/modules/catalogue/mutations.server";
import { dealType } from "#app/modules/deals/deal.type.server";

import { actor, contentTypeKit } from "../../../tests/support/fixtures";
import { MAX_POINTS, pruneAmazonPrices, readPriceHistory } from "./price-history.server";
import { HISTORY_DAYS, lowestOver } from "./price-lows";

const { db, save } = contentTypeKit(dealType, { name: "Best Buy", slug: "bestbuy" });

const historyOf = (id: string) =>
  db()
    .select({ price: priceHistory.price, source: priceHistory.source })
    .from(priceHistory)
    .where(and(eq(priceHistory.itemKind, "deal"), eq(priceHistory.itemId, id)))
    .orderBy(priceHistory.id);

let made = 0;
const created = async (overrides: Record<string, unknown> = {}) => {
  made += 1;
  const result = await save(undefined, { title: `Headphones ${made}`, ...overrides });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.row.id;
};

describe("price history", () => {
  it("records a deal's price when it is made and once per change, not for a save that keeps it", async () => {
    const id = await created({ currentPrice: 80 });
    await save(id, { currentPrice: 80, title: "Renamed Headphones" });
    await save(id, { currentPrice: 72.5 });
    await save(id, { currentPrice: 72.5 });
    await save(id, { currentPrice: 75 });
    expect(await historyOf(id)).toEqual([
      { price: 80, source: "owner" },
      { price: 72.5, source: "owner" },
      { price: 75, source: "owner" },
    ]);
  });

  it("names a CSV import as the source of the prices it writes", async () => {
    const csv = [
      "title,store,currentPrice,shortDescription,imageUrl,affiliateUrl,status",
      "Imported Lamp,bestbuy,19.99,A lamp,https://example.com/l.png,https://example.com/l,draft",
    ].join("\n");
    const report = await importCsv(dealType, db(), actor, new Blob([csv]).stream(), { dryRun: false });
    expect(report.counts.create).toBe(1);
    const [lamp] = await db().select({ id: deals.id }).from(deals).where(eq(deals.title, "Imported Lamp"));
    expect(await historyOf(lamp!.id)).toEqual([{ price: 19.99, source: "import" }]);
    // The import's setting ends with its transaction: the owner's next edit is the owner's.
    await save(lamp!.id, { title: "Imported Lamp", currentPrice: 17.99 });
    expect((await historyOf(lamp!.id)).at(-1)).toEqual({ price: 17.99, source: "owner" });
  });

  it("keeps an Amazon item's prices 24 hours and an owner's for good", async () => {
    const own = await created({ currentPrice: 50 });
    const amazon = await created({ currentPrice: 40 });
    await db().update(deals).set({ amazonAsin: "B0HISTORY1", currentPrice: 39 }).where(eq(deals.id, amazon));
    expect(await historyOf(amazon)).toEqual([
      { price: 40, source: "owner" },
      { price: 39, source: "amazon" },
    ]);
    const now = new Date();
    await db().execute(sql`update price_history set recorded_at = now() - interval '25 hours'`);
    await db().update(deals).set({ currentPrice: 38 }).where(eq(deals.id, amazon));
    expect(await pruneAmazonPrices(db(), now)).toBe(1);
    expect(await historyOf(amazon)).toEqual([
      { price: 40, source: "owner" },
      { price: 38, source: "amazon" },
    ]);
    expect(await historyOf(own)).toEqual([{ price: 50, source: "owner" }]);
  });

  it("goes with its deal when the deal is deleted", async () => {
    const id = await created();
    await save(id, { currentPrice: 70 });
    expect(await deleteContent(dealType, db(), actor, id)).toMatchObject({ ok: true });
    expect(await historyOf(id)).toEqual([]);
  });

  it("gives the lowest price of the last 30 and 90 days only when the history covers them", async () => {
    const id = await created({ currentPrice: 100 });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    // 40 days of changes: 100 from day 40, 60 on days 35–31, 90 from day 31, 85 from day 10, 95 from day 2.
    await db().delete(priceHistory).where(eq(priceHistory.itemId, id));
    await db()
      .insert(priceHistory)
      .values(
        [
          [100, 40],
          [60, 35],
          [90, 31],
          [85, 10],
          [95, 2],
        ].map(([price, days]) => ({
          itemKind: "deal" as const,
          itemId: id,
          price: price!,
          source: "owner" as const,
          recordedAt: daysAgo(days!),
        })),
      );
    const points = await readPriceHistory(db(), "deal", id, now);
    expect(points.map((point) => point.price)).toEqual([100, 60, 90, 85, 95]);
    // 30 days ago the price was 90 (set on day 31); the 60 of days 35–31 is outside the window.
    expect(lowestOver(points, 30, now)).toBe(85);
    expect(lowestOver(points, 90, now)).toBeNull();
    // Day 1's view: the window of 30 days still starts at 90, so the lowest is 85.
    expect(lowestOver(points, 7, now)).toBe(85);
  });

  it("reads the price in effect when its window began, unless the window holds more changes than it reads", async () => {
    const id = await created({ currentPrice: 70 });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const point = (price: number, at: Date) => ({
      itemKind: "deal" as const,
      itemId: id,
      price,
      source: "owner" as const,
      recordedAt: at,
    });
    await db().delete(priceHistory).where(eq(priceHistory.itemId, id));
    await db()
      .insert(priceHistory)
      .values([point(120, daysAgo(HISTORY_DAYS + 60)), point(110, daysAgo(HISTORY_DAYS + 5)), point(80, daysAgo(20))]);
    const read = await readPriceHistory(db(), "deal", id, now);
    expect(read.map((row) => row.price)).toEqual([110, 80]);

    // More changes in the window than are read: the newest are kept, and nothing from before it.
    const minutes = Array.from({ length: MAX_POINTS }, (_, i) =>
      point(50 + (i % 7), new Date(now.getTime() - (i + 1) * 60_000)),
    );
    await db().insert(priceHistory).values(minutes);
    const full = await readPriceHistory(db(), "deal", id, now);
    expect(full).toHaveLength(MAX_POINTS);
    expect(full.map((row) => row.price)).toEqual(minutes.map((row) => row.price).reverse());
    expect(full.every((row, i) => i === 0 || row.at >= full[i - 1]!.at)).toBe(true);
  });
});
