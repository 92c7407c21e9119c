import type { Database } from "../../app/db/client.server";
import { rollUpClicks } from "../../app/modules/analytics/click-roll-up.server";
import { rollUpRecentClicks } from "../../app/modules/analytics/recent-clicks.server";
import { convertEarnings } from "../../app/modules/earnings/currency-rates.server";

/**
 * What seeded clicks and transactions feed: items' recent clicks, the transactions' amounts in the site's
 * currency, and the analytics' roll-ups, counted in full.
 */
export async function rollUpSeededClicks(db: Database): Promise<void> {
  await rollUpRecentClicks(db, { full: true });
  await convertEarnings(db);
  await rollUpClicks(db);
}
