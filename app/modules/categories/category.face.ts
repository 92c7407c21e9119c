import { categories } from "#app/db/schema";
import { categoryPath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { defineTeaser } from "#app/modules/content-types/teaser";

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
  teaser: defineTeaser({
    columns: { name: categories.name, slug: categories.slug, description: categories.description },
    of: (category) => ({
      title: category.name,
      path: categoryPath(category),
      summary: category.description ?? "",
      image: null,
    }),
  }),
} satisfies ContentFace<typeof categories>;
