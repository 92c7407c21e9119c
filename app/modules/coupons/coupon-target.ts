import { sql } from "drizzle-orm";

import { coupons, stores } from "#app/db/schema";

/**
 * Where a coupon sends the shopper, as SQL so cards and the click-out read one rule: its affiliate URL;
 * else its custom URL when the URL type is manual; else its store's affiliate URL; else nowhere (null):
 * the code is shown without a link, never with an address guessed from the store's name.
 */
export const couponTargetUrl = sql<string | null>`coalesce(
  ${coupons.affiliateUrl},
  case when ${coupons.urlType} = 'manual' then ${coupons.customUrl} end,
  (select s.affiliate_url from ${stores} s where s.id = ${coupons.storeId})
)`;
