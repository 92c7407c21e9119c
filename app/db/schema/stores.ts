import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";

import { createdAt, id, updatedAt } from "./common";

export const apiType = pgEnum("api_type", ["manual", "amazon", "shopify", "woocommerce", "amazon_pa"]);

export const stores = pgTable(
  "stores",
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    logoUrl: text(),
    seoTitle: text(),
    seoDescription: text(),
    /** Where 'Visit {store}' goes, and its coupons when they have no link of their own. */
    affiliateUrl: text(),
    apiType: apiType().notNull().default("manual"),
    apiConfig: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The owner's choice to keep each click's id out of this store's links (its network's sub-ID). */
    clickIdsOff: boolean().notNull().default(false),
    // Published deals and coupons pointing at the store, kept by triggers (drizzle/0009): the public store
    // filters list the stores with the most, without counting 100,000 rows per request.
    publishedDeals: integer().notNull().default(0),
    publishedCoupons: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("stores_published_deals_idx").on(t.publishedDeals.desc(), t.name),
    index("stores_published_coupons_idx").on(t.publishedCoupons.desc(), t.name),
    // The A–Z index, and the coupons filter's store (matched by name without case).
    index("stores_name_idx").on(t.name, t.id),
    index("stores_lower_name_idx").on(sql`lower(${t.name})`),
    // The site search: a name containing the words, or near them (a typo).
    index("stores_lower_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);
