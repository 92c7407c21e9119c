import { giftIdeas } from "#app/db/schema";
import { giftIdeaPath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";

// What anyone may know about gift ideas: public queries and outward features read this face, the admin
// desk (giftIdeaType) builds on it.

export const giftIdeaFace = {
  key: "gift" as const,
  noun: { one: "gift idea", many: "gift ideas" },
  table: giftIdeas,
  references: [{ field: "storeId", to: "store" }],
  publicPath: giftIdeaPath,
} satisfies ContentFace<typeof giftIdeas>;
