import { and, asc, eq, gt, type SQL } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { stores } from "#app/db/schema";
import { withChosenOption } from "#app/lib/listing-filters";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

/** How many stores a public store filter offers: a catalogue of 2,000 stores would put 100 KB into every page. */
export const STORE_FILTER_SIZE = 40;

/**
 * The STORE_FILTER_SIZE stores with the most published deals (or coupons), read off
 * `stores_published_*_idx` (its NULLS placement included), and kept until content changes: public pages
 * read it on every render.
 */
const busiestStores = keptUntilContentChanges(async (db: Executor, items: "deals" | "coupons") => {
  const counter = counterOf(items);
  return db
    .select({ name: stores.name, slug: stores.slug })
    .from(stores)
    .where(gt(counter, 0))
    .orderBy(descNullsLast(counter), asc(stores.name))
    .limit(STORE_FILTER_SIZE);
});

const counterOf = (items: "deals" | "coupons") => (items === "deals" ? stores.publishedDeals : stores.publishedCoupons);

/**
 * The stores a public filter offers: the busiest, A–Z, plus the chosen one wherever it ranks (chosen by
 * slug on Deal Dashes, by name on coupons) if it has published items. Names and slugs only: api_config
 * never leaves the server. The counters are kept by triggers (drizzle/0009).
 */
export async function storeFilterOptions(
  db: Executor,
  items: "deals" | "coupons",
  chosen?: { slug?: string; name?: string },
) {
  const chosenWhere: SQL | undefined = chosen?.slug
    ? eq(stores.slug, chosen.slug)
    : chosen?.name
      ? eq(stores.name, chosen.name)
      : undefined;
  const [busiest, picked] = await Promise.all([
    busiestStores(db, items),
    chosenWhere
      ? db
          .select({ name: stores.name, slug: stores.slug })
          .from(stores)
          .where(and(chosenWhere, gt(counterOf(items), 0)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return withChosenOption(busiest, picked);
}
