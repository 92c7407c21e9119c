import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals, giftIdeas, priceHistory } from "#app/db/schema";
import { dealPath, giftIdeaPath } from "#app/lib/public-paths";

import { servedInProcessApp } from "../support/in-process-server";
import { getAnswer } from "../support/page-cache-hit";

// A deal page tells the price's story from the recorded history: a chart of the changes and the lowest
// prices of the last 30 and 90 days, each only where the record covers the window, and nothing of the
// kind for an Amazon item, whose prices are not kept past 24 hours.

const served = servedInProcessApp();
const db = () => served().app.db;

const DAY_MS = 86_400_000;

async function withHistory(asin: string | null, changes: Array<[price: number, daysAgo: number]>) {
  const [deal] = await db()
    .select()
    .from(deals)
    .where(eq(deals.status, "published"))
    .orderBy(deals.createdAt)
    .limit(1)
    .offset(asin ? 1 : 0);
  const now = Date.now();
  const current = changes.at(-1)![0];
  await db()
    .update(deals)
    .set({ currentPrice: current, amazonAsin: asin, priceUpdatedAt: new Date() })
    .where(eq(deals.id, deal!.id));
  await db().delete(priceHistory).where(eq(priceHistory.itemId, deal!.id));
  await db()
    .insert(priceHistory)
    .values(
      changes.map(([price, days]) => ({
        itemKind: "deal" as const,
        itemId: deal!.id,
        price,
        source: asin ? ("amazon" as const) : ("owner" as const),
        recordedAt: new Date(now - days * DAY_MS),
      })),
    );
  return dealPath(deal!);
}

describe("a deal page's price history", () => {
  it("charts 40 days of changes and gives the lowest price of the last 30 days, not of 90", async () => {
    const path = await withHistory(null, [
      [100, 40],
      [60, 35],
      [90, 31],
      [85, 10],
      [95, 2],
    ]);
    await expect
      .poll(async () => (await getAnswer(served().url + path)).body, { timeout: 60_000 })
      .toContain("Lowest price in 30 days: $85.00");
    const page = (await getAnswer(served().url + path)).body;
    expect(page).toContain('data-testid="price-chart"');
    expect(page).toMatch(/aria-label="Price from [^"]+ to today: lowest \$60\.00, highest \$100\.00, now \$95\.00"/);
    // 40 days of record do not cover 90.
    expect(page).not.toContain("Lowest in 90 days");
  });

  it("shows no chart and no lows for an Amazon deal", async () => {
    const path = await withHistory("B0PRICEHIS", [
      [50, 0.5],
      [45, 0.1],
    ]);
    await expect.poll(async () => (await getAnswer(served().url + path)).body, { timeout: 60_000 }).toContain("$45.00");
    const page = (await getAnswer(served().url + path)).body;
    expect(page).not.toContain('data-testid="price-chart"');
    expect(page).not.toContain("Lowest price in 30 days");
  });

  it("tells a gift idea's price story the same way", async () => {
    const [gift] = await db().select().from(giftIdeas).where(eq(giftIdeas.status, "published")).limit(1);
    await db().update(giftIdeas).set({ price: 30, amazonAsin: null }).where(eq(giftIdeas.id, gift!.id));
    await db().delete(priceHistory).where(eq(priceHistory.itemId, gift!.id));
    await db()
      .insert(priceHistory)
      .values(
        [
          [45, 40],
          [28, 20],
          [30, 3],
        ].map(([price, days]) => ({
          itemKind: "gift" as const,
          itemId: gift!.id,
          price: price!,
          source: "owner" as const,
          recordedAt: new Date(Date.now() - days! * DAY_MS),
        })),
      );
    const path = giftIdeaPath(gift!);
    await expect
      .poll(async () => (await getAnswer(served().url + path)).body, { timeout: 60_000 })
      .toContain("Lowest price in 30 days: $28.00");
    expect((await getAnswer(served().url + path)).body).toContain('data-testid="price-chart"');
  });
});
