import { sql } from "drizzle-orm";

import { coupons, stores } from "#app/db/schema";

/**
 * Where a coupon sends the shopper, as SQL so cards and the click-out read one rule: its affiliate URL;
 * else its custom URL when the URL type is manual; else its store's affiliate URL; else the store's own
 * site (www.<store slug>.com).
 */
export const couponTargetUrl = sql<string>`coalesce(
  ${coupons.affiliateUrl},
  case when ${coupons.urlType} = 'manual' then ${coupons.customUrl} end,
  (select coalesce(s.affiliate_url, 'https://www.' || s.slug || '.com/') from ${stores} s where s.id = ${coupons.storeId})
)`;
