import type { Executor } from "#app/db/client.server";
import { setSiteTimeZone } from "#app/lib/dates";
import { setSiteFollowsEuRules, setSiteMoney } from "#app/lib/money";

import { readSiteMoney } from "./money.server";
import { readSiteTimeZone } from "./time-zone.server";

/**
 * Sets this process's time zone, currency, locale and EU price rules from the site's settings (read again
 * only when they change): before every request and every background job, so pages, feeds, mail and webhooks
 * all write dates and prices as the site does.
 */
export async function applySiteFormats(db: Executor): Promise<void> {
  const [zone, money] = await Promise.all([readSiteTimeZone(db), readSiteMoney(db)]);
  setSiteTimeZone(zone);
  setSiteMoney(money);
  setSiteFollowsEuRules(money.euPriceRules);
}
