import { buyingGuides } from "#app/db/schema";
import { guidePath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { defineTeaser } from "#app/modules/content-types/teaser";

// What anyone may know about buying guides: public queries and outward features read this face, the admin
// desk (buyingGuideType) builds on it.

export const buyingGuideFace = {
  key: "guide" as const,
  noun: { one: "buying guide", many: "buying guides" },
  table: buyingGuides,
  references: [{ field: "categoryId", to: "category" }],
  publicPath: guidePath,
  teaser: defineTeaser({
    columns: { title: buyingGuides.title, slug: buyingGuides.slug, excerpt: buyingGuides.excerpt },
    of: (guide) => ({ title: guide.title, path: guidePath(guide), summary: guide.excerpt ?? "", image: null }),
  }),
} satisfies ContentFace<typeof buyingGuides>;
