import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Executor } from "#app/db/client.server";
import { categories } from "#app/db/schema";
import { formatDate } from "#app/lib/dates";
import { formColumns } from "#app/lib/validation";
import type { ContentType, ListPage } from "#app/modules/content-types/content-type";
import { FieldErrors } from "#app/modules/content-types/field-errors";
import { paged } from "#app/modules/content-types/paged.server";

import { categoryHasLiveDeals } from "./categories.server";
import { categoryFace } from "./category.face";
import { CATEGORY_CYCLE, categoryFields, type CategoryInput, categorySchema } from "./category.schema";
import { selfAndDescendants } from "./category-tree";

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
    list: listForAdmin,
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

/** A page of the admin list, with the parent's name ('Unknown' is the view's word for a missing parent). */
function listForAdmin(db: Executor, page: ListPage) {
  const parent = alias(categories, "parent");
  return paged(
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        parentId: categories.parentId,
        parentName: parent.name,
        createdAt: categories.createdAt,
      })
      .from(categories)
      .leftJoin(parent, eq(parent.id, categories.parentId))
      .$dynamic(),
    page,
  );
}

type ListRow = Awaited<ReturnType<typeof listForAdmin>>[number];
