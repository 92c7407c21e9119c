import type { Database } from "../../app/db/client.server";
import { rollUpClicks } from "../../app/modules/analytics/click-roll-up.server";
import { rollUpRecentClicks } from "../../app/modules/analytics/recent-clicks.server";

/** What seeded clicks feed: items' recent clicks and the analytics' roll-ups, counted in full. */
export async function rollUpSeededClicks(db: Database): Promise<void> {
  await rollUpRecentClicks(db, { full: true });
  await rollUpClicks(db);
}
