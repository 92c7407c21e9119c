import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { authorshipColumns, authorshipIndexes } from "./authorship";
import * as common from "./common";
import { stores } from "./stores";

export const discountType = pgEnum("discount_type", ["percentage", "fixed"]);
export const urlType = pgEnum("url_type", ["automatic", "manual"]);

/**
 * A coupon code as shoppers type it, in SQL: case and spaces do not make another code (sourcing's
 * `normalisedCode`). The store-and-code index is on this expression, so queries must write it the same way.
 */
export const codeKeySql = (code: SQLWrapper): SQL => sql`upper(regexp_replace(${code}, '\\s+', '', 'g'))`;

export const coupons = pgTable(
  "coupons",
  {
    id: common.id(),
    title: text().notNull(),
    description: text().notNull(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    couponCode: text(),
    discountType: discountType().notNull().default("percentage"),
    discountValue: common.money().notNull(),
    validFrom: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    terms: text(),
    urlType: urlType().notNull().default("automatic"),
    customUrl: text(),
    affiliateUrl: text(),
    ...common.publishingColumns(),
    ...authorshipColumns(),
    popularity: common.popularity(),
    /** When an admin last checked that the code works ('Verified'); shoppers' 'Worked' is in item_vote_tallies. */
    verifiedAt: timestamp({ withTimezone: true }),
    searchVector: common.searchVector("title", "description"),
    createdAt: common.createdAt(),
    updatedAt: common.updatedAt(),
  },
  (t) => [
    check("coupons_discount_value_positive", sql`${t.discountValue} > 0`),
    check("coupons_percentage_max", sql`${t.discountType} <> 'percentage' OR ${t.discountValue} <= 100`),
    check(
      "coupons_valid_range",
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validUntil} >= ${t.validFrom}`,
    ),
    index("coupons_status_created_idx").on(t.status, t.createdAt.desc()),
    index("coupons_store_idx").on(t.storeId),
    // A store's code, as shoppers type it: sourcing asks whether an offered code is on the site already.
    index("coupons_store_code_idx").on(t.storeId, codeKeySql(t.couponCode)),
    index("coupons_search_idx").using("gin", t.searchVector),
    index("coupons_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("coupons_code_trgm_idx").using("gin", t.couponCode.op("gin_trgm_ops")),
    // The public search's "description contains" (coupons-public.server.ts).
    index("coupons_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
    // The admin list's orders (each ends with the id, so pages never overlap).
    index("coupons_created_id_idx").on(t.createdAt, t.id),
    index("coupons_title_id_idx").on(t.title, t.id),
    index("coupons_discount_id_idx").on(t.discountValue, t.id),
    index("coupons_valid_until_id_idx").on(t.validUntil, t.id),
    // The page cache's "next scheduled change" reads the soonest coming start (most coupons have none).
    index("coupons_valid_from_idx")
      .on(t.validFrom)
      .where(sql`${t.validFrom} IS NOT NULL`),
    // Webhook events read the coupons saved since their last run.
    index("coupons_updated_idx").on(t.updatedAt),
    common.popularityIndex("coupons", t),
    ...common.publishingIndexes("coupons", t),
    ...authorshipIndexes("coupons", t),
  ],
);
