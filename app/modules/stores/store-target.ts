import { sql } from "drizzle-orm";

import { stores } from "#app/db/schema";

/** Where 'Visit {store}' sends the shopper: the store's affiliate URL, else its own site (www.<slug>.com). */
export const storeTargetUrl = sql<string>`coalesce(${stores.affiliateUrl}, 'https://www.' || ${stores.slug} || '.com/')`;
