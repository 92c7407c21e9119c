import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";

import { authorshipColumns, authorshipIndexes } from "./authorship";
import { categories } from "./categories";
import * as common from "./common";

export const buyingGuides = pgTable(
  "buying_guides",
  {
    id: common.id(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    excerpt: text(),
    content: text().notNull(),
    coverImageUrl: text().notNull(),
    readTime: integer(),
    ...common.publishingColumns(),
    ...authorshipColumns(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: uuid().references(() => categories.id, { onDelete: "restrict" }),
    searchVector: common.searchVector("title", "excerpt"),
    createdAt: common.createdAt(),
    updatedAt: common.updatedAt(),
  },
  (t) => [
    check("buying_guides_read_time_positive", sql`${t.readTime} IS NULL OR ${t.readTime} >= 1`),
    index("buying_guides_status_created_idx").on(t.status, t.createdAt.desc()),
    index("buying_guides_category_idx").on(t.categoryId),
    // Webhook events read the guides saved since their last run.
    index("buying_guides_updated_idx").on(t.updatedAt),
    index("buying_guides_search_idx").using("gin", t.searchVector),
    ...common.publishingIndexes("buying_guides", t),
    ...authorshipIndexes("buying_guides", t),
  ],
);
