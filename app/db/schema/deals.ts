import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { referencePriceKinds } from "#app/lib/reference-price";

import { authorshipColumns, authorshipIndexes } from "./authorship";
import { categories } from "./categories";
import * as common from "./common";
import { stores } from "./stores";

export const referencePriceKind = pgEnum("reference_price_kind", referencePriceKinds);

export const deals = pgTable(
  "deals",
  {
    id: common.id(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    shortDescription: text().notNull(),
    longDescription: text(),
    imageUrl: text().notNull(),
    currentPrice: common.money().notNull(),
    originalPrice: common.money(),
    /** What the original price is (its label on the site): lib/reference-price.ts. */
    referencePriceKind: referencePriceKind().notNull().default("owner"),
    discountPercentage: integer(),
    /**
     * The lowest recorded price of the 30 days before the current price took effect, set by a trigger when
     * the price changes (drizzle/0034); null when the history does not cover those days. EU rules read it.
     */
    priorLowestPrice: common.money(),
    affiliateUrl: text().notNull(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    categoryId: uuid().references(() => categories.id, { onDelete: "restrict" }),
    ...common.publishingColumns(),
    ...authorshipColumns(),
    trackClicks: boolean().notNull().default(true),
    notes: text(),
    amazonAsin: text(),
    /** When the price was last read from Amazon; Amazon prices older than 24 h are not shown. */
    priceUpdatedAt: timestamp({ withTimezone: true }),
    /** Whether Amazon offered it to anyone when its price was last read; null when never read (not Amazon's). */
    amazonInStock: boolean(),
    rating: common.rating(),
    reviewCount: integer(),
    expiresAt: timestamp({ withTimezone: true }),
    isHot: boolean().notNull().default(false),
    popularity: common.popularity(),
    searchVector: common.searchVector("title", "short_description", "long_description"),
    createdAt: common.createdAt(),
    updatedAt: common.updatedAt(),
  },
  (t) => [
    check("deals_current_price_positive", sql`${t.currentPrice} >= 0.01`),
    check("deals_original_price_positive", sql`${t.originalPrice} IS NULL OR ${t.originalPrice} >= 0.01`),
    check("deals_rating_range", sql`${t.rating} IS NULL OR (${t.rating} >= 0 AND ${t.rating} <= 5)`),
    check("deals_review_count_positive", sql`${t.reviewCount} IS NULL OR ${t.reviewCount} >= 0`),
    check(
      "deals_discount_range",
      sql`${t.discountPercentage} IS NULL OR ${t.discountPercentage} BETWEEN -1000 AND 100`,
    ),
    // Newest first, whole (ends on the id); the migration INCLUDEs the search vector and the dates that make a
    // deal live, so the search page ranks the newest matches from the index alone (drizzle/0029).
    index("deals_status_created_idx").on(t.status, t.createdAt.desc(), t.id),
    // A store's and a category's newest deals, read in order: their pages and a deal page's related deals.
    index("deals_store_created_idx").on(t.storeId, t.createdAt.desc().nullsLast(), t.id),
    index("deals_category_created_idx").on(t.categoryId, t.createdAt.desc().nullsLast(), t.id),
    index("deals_search_idx").using("gin", t.searchVector),
    index("deals_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // The admin list's orders (each ends with the id, so pages never overlap) and its ASIN search.
    index("deals_created_id_idx").on(t.createdAt, t.id),
    index("deals_title_id_idx").on(t.title, t.id),
    index("deals_price_id_idx").on(t.currentPrice, t.id),
    index("deals_amazon_asin_idx").on(t.amazonAsin),
    index("deals_expires_idx").on(t.expiresAt),
    // Deal alerts read the deals changed since their last run.
    index("deals_updated_idx").on(t.updatedAt),
    // Needs attention's Amazon deals with stale prices, most clicked first, read in order (it stops at its cap).
    index("deals_amazon_popular_idx")
      .on(t.popularity.desc())
      .where(sql`${t.amazonAsin} IS NOT NULL`),
    // The public sorts that would otherwise sort every published deal per request.
    common.popularityIndex("deals", t),
    index("deals_status_discount_idx").on(t.status, t.discountPercentage.desc().nullsLast(), t.createdAt.desc(), t.id),
    ...common.publishingIndexes("deals", t),
    ...authorshipIndexes("deals", t),
  ],
);

/**
 * Every word of a deal title, kept by a trigger (drizzle/0011_search_words.sql): a search word with a typo
 * is matched against this short list by trigram similarity and the near words join the full-text query,
 * so typo-tolerant search is served by the full-text index instead of comparing every title.
 */
export const searchWords = pgTable("search_words", { word: text().primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);
