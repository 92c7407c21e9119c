import type { Executor } from "#app/db/client.server";
import { setAmazonTrackingIds } from "#app/lib/amazon-tracking-ids";
import { setSiteTimeZone } from "#app/lib/dates";
import { setSiteFollowsEuRules, setSiteMoney } from "#app/lib/money";
import { readAmazonTrackingIds } from "#app/modules/amazon/amazon-settings.server";

import { readSiteMoney } from "./money.server";
import { readSiteTimeZone } from "./time-zone.server";

/**
 * Sets this process's time zone, currency, locale, EU price rules and Amazon tracking IDs from the site's
 * settings (read again only when they change): before every request and every background job, so pages,
 * feeds, mail and webhooks all write dates, prices and Amazon links as the site does.
 */
export async function applySiteFormats(db: Executor): Promise<void> {
  const [zone, money, trackingIds] = await Promise.all([
    readSiteTimeZone(db),
    readSiteMoney(db),
    readAmazonTrackingIds(db),
  ]);
  setSiteTimeZone(zone);
  setAmazonTrackingIds(trackingIds);
  setSiteMoney(money);
  setSiteFollowsEuRules(money.euPriceRules);
}
