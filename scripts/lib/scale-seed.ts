import type { Database, DatabaseHandle } from "../../app/db/client.server";
import { type ScaleSizes, seedScaleData } from "../../app/db/seed/scale-data.server";
import { rollUpClicks } from "../../app/modules/analytics/click-roll-up.server";
import { rollUpRecentClicks } from "../../app/modules/analytics/recent-clicks.server";
import { convertEarnings } from "../../app/modules/earnings/currency-rates.server";

/**
 * What seeded clicks and transactions feed: items' recent clicks, the transactions' amounts in the site's
 * currency, and the analytics' roll-ups, counted in full.
 */
async function rollUpSeededClicks(db: Database): Promise<void> {
  await rollUpRecentClicks(db, { full: true });
  await convertEarnings(db);
  await rollUpClicks(db);
}

/**
 * A catalogue of `sizes` for `npm run seed:scale` and the benches, with what its clicks feed rolled up; the
 * embedded database checkpoints as it goes (it has no checkpointer of its own).
 */
export function seedScaleCatalogue(handle: Pick<DatabaseHandle, "db" | "driver">, sizes: ScaleSizes) {
  return seedScaleData(handle.db, sizes, { derive: rollUpSeededClicks, checkpoints: handle.driver === "pglite" });
}
