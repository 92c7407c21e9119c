import { sql } from "drizzle-orm";

import { categories } from "#app/db/schema";
import { formatDate } from "#app/lib/dates";
import { formColumns } from "#app/lib/validation";
import type { ContentType } from "#app/modules/content-types/content-type";
import { FieldErrors } from "#app/modules/content-types/field-errors";
import { type AdminRow, adminRows, storedColumns } from "#app/modules/content-types/paged.server";

import { categoryHasLiveDeals } from "./categories.server";
import { categoryFace } from "./category.face";
import { CATEGORY_CYCLE, categoryFields, type CategoryInput, categorySchema } from "./category.schema";
import { selfAndDescendants } from "./category-tree";

// The parent is a row of the same table, so its subquery names it apart; nested, so that drizzle keeps the
// outer column qualified ('Unknown' is the view's word for a missing parent).
const parentRow = sql`select parent.name from ${categories} as parent where parent.id = ${categories.parentId}`;

/** The admin list's rows, with the parent's name. */
const adminList = adminRows(categories, {
  ...storedColumns(categories),
  parentName: sql<string | null>`(${parentRow})`,
});
type ListRow = AdminRow<typeof adminList>;

export const categoryType: ContentType<CategoryInput, ListRow, typeof categories> = {
  ...categoryFace,
  schema: categorySchema,
  toRow: (input) => formColumns(categoryFields, input),
  async beforeUpdate(tx, id, row) {
    if (typeof row.parentId === "string") {
      // Serialise parent changes so two concurrent moves cannot build a cycle between them.
      await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
      const all = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
      if (selfAndDescendants(id, all).has(row.parentId)) throw new FieldErrors({ parentId: [CATEGORY_CYCLE] });
    }
    return row;
  },
  messages: { inUse: (uses) => `This category still has ${uses}. Move or delete them first.` },
  inSitemapWhen: categoryHasLiveDeals,
  csv: { fields: categoryFields },
  admin: {
    icon: "FolderTree",
    title: "Categories",
    empty: { message: "No categories found", actionLabel: "Add Your First Category" },
    columns: [
      { heading: "Category", sort: { by: categories.name, isDefault: true } },
      { heading: "Parent" },
      { heading: "Description" },
      { heading: "Created", sort: { by: categories.createdAt, first: "desc" } },
    ],
    list: adminList,
    cells: (category) => [
      { kind: "title", text: category.name, detail: category.slug },
      // 'Unknown' is the spec's word for a parent that no longer exists.
      category.parentId
        ? { kind: "text", text: category.parentName ?? "Unknown" }
        : { kind: "text", text: "Top level", tone: "muted" },
      { kind: "text", text: category.description ?? "", tone: "muted" },
      { kind: "text", text: formatDate(category.createdAt), tone: "muted" },
    ],
  },
};
