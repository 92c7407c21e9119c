import type { Database } from "../../app/db/client.server";
import { rollUpClicks } from "../../app/modules/analytics/click-roll-up.server";
import { rollUpDealPopularity } from "../../app/modules/deals/deal-popularity.server";

/** What seeded clicks feed: deal popularity and the analytics' roll-ups, counted in full. */
export async function rollUpSeededClicks(db: Database): Promise<void> {
  await rollUpDealPopularity(db, { full: true });
  await rollUpClicks(db);
}
