import { count, sql } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { buyingGuides, coupons, deals, giftIdeas } from "#app/db/schema";

type ContentTable = typeof deals | typeof coupons | typeof giftIdeas | typeof buyingGuides;

async function totals(db: Executor, table: ContentTable) {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${table.status} = 'published')`.mapWith(Number),
    })
    .from(table);
  return row ?? { total: 0, published: 0 };
}

/** The six dashboard cards, counted in the database. */
export async function contentCounts(db: Executor) {
  const [dealTotals, couponTotals, giftTotals, guideTotals] = await Promise.all([
    totals(db, deals),
    totals(db, coupons),
    totals(db, giftIdeas),
    totals(db, buyingGuides),
  ]);
  return {
    totalDeals: dealTotals.total,
    publishedDeals: dealTotals.published,
    totalCoupons: couponTotals.total,
    publishedCoupons: couponTotals.published,
    giftIdeas: giftTotals.total,
    buyingGuides: guideTotals.total,
  };
}
