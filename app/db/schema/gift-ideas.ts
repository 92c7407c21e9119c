import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { authorshipColumns, authorshipIndexes } from "./authorship";
import * as common from "./common";
import { stores } from "./stores";

export const occasions = [
  "birthday",
  "christmas",
  "mothers-day",
  "fathers-day",
  "graduation",
  "wedding",
  "anniversary",
  "valentines",
  "general",
] as const;
export const audiences = [
  "men",
  "women",
  "teens",
  "kids",
  "babies",
  "teachers",
  "coworkers",
  "parents",
  "couples",
  "general",
] as const;

export const occasion = pgEnum("occasion", occasions);
export const audienceType = pgEnum("audience_type", audiences);

export const giftIdeas = pgTable(
  "gift_ideas",
  {
    id: common.id(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    description: text().notNull(),
    longDescription: text(),
    imageUrl: text().notNull(),
    additionalImages: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAmazonProduct: boolean().notNull().default(false),
    amazonAsin: text(),
    /** When the price was last read from Amazon. */
    priceUpdatedAt: timestamp({ withTimezone: true }),
    /** Whether Amazon offered it to anyone when its price was last read; null when never read (not Amazon's). */
    amazonInStock: boolean(),
    productUrl: text().notNull(),
    storeId: uuid().references(() => stores.id, { onDelete: "restrict" }),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    occasion: occasion(),
    audienceType: audienceType(),
    showInGiftGuide: boolean().notNull().default(false),
    price: common.money(),
    primeEligible: boolean().notNull().default(false),
    rating: common.rating(),
    totalReviews: integer().notNull().default(0),
    ...common.publishingColumns(),
    ...authorshipColumns(),
    popularity: common.popularity(),
    adminNotes: text(),
    createdAt: common.createdAt(),
    updatedAt: common.updatedAt(),
  },
  (t) => [
    check("gift_ideas_price_positive", sql`${t.price} IS NULL OR ${t.price} >= 0.01`),
    check("gift_ideas_rating_range", sql`${t.rating} IS NULL OR (${t.rating} >= 0 AND ${t.rating} <= 5)`),
    check("gift_ideas_total_reviews_positive", sql`${t.totalReviews} >= 0`),
    index("gift_ideas_status_created_idx").on(t.status, t.createdAt.desc()),
    index("gift_ideas_store_idx").on(t.storeId),
    // Amazon's earnings reports name products by ASIN: each line finds its gift idea by it.
    index("gift_ideas_amazon_asin_idx").on(t.amazonAsin),
    index("gift_ideas_created_id_idx").on(t.createdAt, t.id),
    index("gift_ideas_title_id_idx").on(t.title, t.id),
    common.popularityIndex("gift_ideas", t),
    ...common.publishingIndexes("gift_ideas", t),
    ...authorshipIndexes("gift_ideas", t),
  ],
);
