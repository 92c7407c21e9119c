import { categories } from "#app/db/schema";
import { categoryPath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";

// What anyone may know about categories: public queries and outward features read this face, the admin
// desk (categoryType) builds on it.

export const categoryFace = {
  key: "category" as const,
  noun: { one: "category", many: "categories" },
  table: categories,
  publicPath: categoryPath,
  references: [
    {
      field: "parentId",
      to: "category",
      notFound: "Parent category not found",
      dependentNoun: { one: "subcategory", many: "subcategories" },
      label: "Parent category",
    },
  ],
} satisfies ContentFace<typeof categories>;
