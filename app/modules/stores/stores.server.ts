import { and, asc, desc, eq, gt, type SQL } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { stores } from "#app/db/schema";
import { keptUntilContentChanges } from "#app/platform/content-memo.server";

/** How many stores a public store filter offers: a catalogue of 2,000 stores would put 100 KB into every page. */
export const STORE_FILTER_SIZE = 40;

/** The STORE_FILTER_SIZE stores with the most published deals (or coupons). */
export async function busiestStores(db: Executor, items: "deals" | "coupons") {
  const counter = items === "deals" ? stores.publishedDeals : stores.publishedCoupons;
  return db.select({ name: stores.name, slug: stores.slug }).from(stores).where(gt(counter, 0)).orderBy(desc(counter), asc(stores.name)).limit(STORE_FILTER_SIZE);
}

/** busiestStores, kept until content changes (public pages read it on every render). */
export const keptBusiestStores = keptUntilContentChanges(busiestStores);

/**
 * The stores a public filter offers: the busiest (`busiest` reads them; public routes pass the kept read),
 * A–Z, plus the chosen one wherever it ranks (chosen by slug on Deal Dashes, by name on coupons). Names and
 * slugs only: api_config never leaves the server. The counters are kept by triggers (drizzle/0009).
 */
export async function storeFilterOptions(
  db: Executor,
  items: "deals" | "coupons",
  chosen?: { slug?: string; name?: string },
  busiest: typeof busiestStores = busiestStores,
) {
  const counter = items === "deals" ? stores.publishedDeals : stores.publishedCoupons;
  const chosenWhere: SQL | undefined = chosen?.slug ? eq(stores.slug, chosen.slug) : chosen?.name ? eq(stores.name, chosen.name) : undefined;
  const [top, picked] = await Promise.all([
    busiest(db, items),
    chosenWhere ? db.select({ name: stores.name, slug: stores.slug }).from(stores).where(and(chosenWhere, gt(counter, 0))).limit(1) : Promise.resolve([]),
  ]);
  const options = [...top, ...picked.filter((store) => !top.some((shown) => shown.slug === store.slug))];
  return options.sort((a, b) => a.name.localeCompare(b.name, "en"));
}
