import { sql } from "drizzle-orm";
import { categories } from "#app/db/schema";
import { formatDate } from "#app/lib/dates";
import type { ContentType } from "#app/modules/content-types/content-type";
import { FieldErrors } from "#app/modules/content-types/field-errors";
import { listCategoriesForAdmin } from "./categories.server";
import { CATEGORY_CYCLE, categorySchema, type CategoryInput } from "./category.schema";
import { selfAndDescendants } from "./category-tree";

type ListRow = Awaited<ReturnType<typeof listCategoriesForAdmin>>[number];

export const categoryType: ContentType<CategoryInput, ListRow, typeof categories> = {
  key: "category",
  entity: "category",
  noun: { one: "category", many: "categories" },
  segment: "categories",
  table: categories,
  titleColumn: categories.name,
  schema: categorySchema,
  toRow: (input) => ({
    name: input.name,
    slug: input.slug,
    description: input.description ?? null,
    parentId: input.parentId ?? null,
  }),
  async beforeUpdate(tx, id, row) {
    if (typeof row.parentId === "string") {
      // Serialise parent changes so two concurrent moves cannot build a cycle between them.
      await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
      const all = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
      if (selfAndDescendants(id, all).has(row.parentId)) throw new FieldErrors({ parentId: [CATEGORY_CYCLE] });
    }
    return row;
  },
  messages: {
    created: "Category created successfully",
    updated: "Category updated successfully",
    deleted: "Category deleted successfully",
    saveFailed: "Failed to save category",
    deleteFailed: "Failed to delete category",
    loadFailed: "Failed to fetch category",
    inUse: (uses) => `This category still has ${uses}. Move or delete them first.`,
  },
  references: [
    {
      field: "parentId",
      column: categories.parentId,
      to: "category",
      notFound: "Parent category not found",
      dependentNoun: { one: "subcategory", many: "subcategories" },
    },
  ],
  admin: {
    icon: "FolderTree",
    loading: "Loading categories...",
    title: "Categories",
    listHeading: (count) => `All Categories (${count})`,
    addLabel: "Add Category",
    empty: { message: "No categories found", actionLabel: "Add Your First Category" },
    form: "routes/admin/categories/category-form.tsx",
    formTitles: { add: "Add Category", edit: "Edit Category", create: "Create Category", update: "Update Category" },
    columns: ["Category", "Parent", "Description", "Created"],
    list: listCategoriesForAdmin,
    row: (category) => ({
      id: category.id,
      label: category.name,
      cells: [
        { kind: "title", text: category.name, detail: category.slug },
        // 'Unknown' is the spec's word for a parent that no longer exists.
        category.parentId ? { kind: "text", text: category.parentName ?? "Unknown" } : { kind: "text", text: "Top level", tone: "muted" },
        { kind: "text", text: category.description ?? "", tone: "muted" },
        { kind: "text", text: formatDate(category.createdAt), tone: "muted" },
      ],
    }),
  },
};
