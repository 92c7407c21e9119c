import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { deleteInBatches } from "#app/db/delete-in-batches.server";
import { priceHistory, type PriceSource } from "#app/db/schema";

import { HISTORY_DAYS, type PricePoint } from "./price-lows";

/** At most this many changes in the charted window are read: a chart of more says nothing more. */
const MAX_POINTS = 500;

/** Amazon lets a site keep its prices 24 hours (ADR 0039). */
const AMAZON_PRICES_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Names who writes this transaction's prices; the trigger that records each change stores it as its source.
 * Outside a transaction it would name nothing, so it is only called inside one.
 */
export async function writePricesAs(tx: Executor, source: Exclude<PriceSource, "amazon">) {
  await tx.execute(sql`select set_config('dealdash.price_source', ${source}, true)`);
}

/**
 * An item's recorded prices of the last HISTORY_DAYS days and the one in effect when they began, oldest
 * first: two reads of `price_history_item_idx`, bounded whatever the item's age.
 */
export async function readPriceHistory(
  db: Executor,
  kind: "deal" | "gift",
  id: string,
  now = new Date(),
): Promise<PricePoint[]> {
  const start = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const ofItem = and(eq(priceHistory.itemKind, kind), eq(priceHistory.itemId, id));
  const columns = { price: priceHistory.price, at: priceHistory.recordedAt };
  const [before, during] = await Promise.all([
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
      .orderBy(asc(priceHistory.recordedAt))
      .limit(MAX_POINTS),
  ]);
  return [...before, ...during];
}

/** Deletes Amazon's prices older than 24 hours; returns how many. */
export async function pruneAmazonPrices(db: Executor, now = new Date()): Promise<number> {
  const cutOff = new Date(now.getTime() - AMAZON_PRICES_KEPT_MS).toISOString();
  return deleteInBatches(db, "price_history", sql`source = 'amazon' AND recorded_at < ${cutOff}::timestamptz`);
}
