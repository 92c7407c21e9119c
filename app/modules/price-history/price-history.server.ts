import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { deleteInBatches } from "#app/db/delete-in-batches.server";
import { preparedPer } from "#app/db/prepared.server";
import { priceHistory, type PriceSource } from "#app/db/schema";
import { PRICE_MAX_AGE_MS } from "#app/modules/amazon/price-freshness";

import { HISTORY_DAYS, lowestOver, type PricePoint, pricesChanged, priceSteps } from "./price-lows";

/** At most this many changes in the charted window are read: a chart of more says nothing more. */
export const MAX_POINTS = 500;

/**
 * Names who writes this transaction's prices; the trigger that records each change stores it as its source.
 * Outside a transaction it would name nothing, so it is only called inside one.
 */
export async function writePricesAs(tx: Executor, source: Exclude<PriceSource, "amazon">) {
  await tx.execute(sql`select set_config('dealdash.price_source', ${source}, true)`);
}

/**
 * An item's recorded prices of the last HISTORY_DAYS days and the one in effect when they began, oldest
 * first: one statement, two reads of `price_history_item_idx`, bounded whatever the item's age. Past
 * MAX_POINTS changes in the window the newest are kept and the price before the window is left out, so no
 * window the read does not wholly hold counts as covered.
 */
export async function readPriceHistory(
  db: Executor,
  kind: "deal" | "gift",
  id: string,
  now = new Date(),
): Promise<PricePoint[]> {
  const start = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const rows = await itemPrices(db).execute({ kind, id, start });
  const oldestFirst = rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  const during = oldestFirst.filter((point) => point.at >= start);
  return during.length < MAX_POINTS ? oldestFirst : during;
}

const itemPrices = preparedPer((db) => {
  const ofItem = and(
    eq(priceHistory.itemKind, sql.placeholder("kind")),
    eq(priceHistory.itemId, sql.placeholder("id")),
  );
  const columns = { price: priceHistory.price, at: priceHistory.recordedAt };
  const start = sql.placeholder("start");
  return unionAll(
    db
      .select(columns)
      .from(priceHistory)
      .where(and(ofItem, lt(priceHistory.recordedAt, start)))
      .orderBy(desc(priceHistory.recordedAt))
      .limit(1),
    db
      .select(columns)
      .from(priceHistory)
      .where(and(ofItem, gte(priceHistory.recordedAt, start)))
      .orderBy(desc(priceHistory.recordedAt))
      .limit(MAX_POINTS),
  ).prepare("item_prices");
});

/** Deletes Amazon's prices older than the 24 hours Amazon lets a site keep them (ADR 0039); returns how many. */
export async function pruneAmazonPrices(db: Executor, now = new Date()): Promise<number> {
  const cutOff = new Date(now.getTime() - PRICE_MAX_AGE_MS).toISOString();
  return deleteInBatches(db, "price_history", sql`source = 'amazon' AND recorded_at < ${cutOff}::timestamptz`);
}

/**
 * What an item's page says of its price history: the chart's steps (none without a change to show) and the
 * lowest prices of the last 30 and 90 days where the history covers them. Nothing for an Amazon item, whose
 * prices are kept only 24 hours (ADR 0039).
 */
export async function priceStoryOf(
  db: Executor,
  kind: "deal" | "gift",
  item: { id: string; amazonAsin: string | null },
  now = new Date(),
) {
  if (item.amazonAsin) return null;
  const points = await readPriceHistory(db, kind, item.id, now);
  const steps = priceSteps(points, HISTORY_DAYS, now);
  return {
    steps: pricesChanged(steps) ? steps : [],
    lowest30: lowestOver(points, 30, now),
    lowest90: lowestOver(points, 90, now),
  };
}
