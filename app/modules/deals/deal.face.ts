import { deals } from "#app/db/schema";
import { dealPath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";

// What anyone may know about deals: public queries and outward features read this face, the admin
// desk (dealType) builds on it.

export const dealFace = {
  key: "deal" as const,
  noun: { one: "deal", many: "deals" },
  table: deals,
  endsAt: deals.expiresAt,
  publicPath: dealPath,
  references: [
    { field: "storeId", to: "store" },
    { field: "categoryId", to: "category" },
  ],
} satisfies ContentFace<typeof deals>;
