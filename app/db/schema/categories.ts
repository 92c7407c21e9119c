import { type AnyPgColumn, index, pgTable, text, uuid } from "drizzle-orm/pg-core";

import { createdAt, id, updatedAt } from "./common";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text(),
    parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("categories_parent_idx").on(t.parentId)],
);
