import { deals, referencedColumn, stores } from "#app/db/schema";
import { priceAtStore } from "#app/lib/money";
import { dealPath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { defineTeaser } from "#app/modules/content-types/teaser";

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
  teaser: defineTeaser({
    columns: {
      title: deals.title,
      slug: deals.slug,
      currentPrice: deals.currentPrice,
      amazonAsin: deals.amazonAsin,
      imageUrl: deals.imageUrl,
      storeName: referencedColumn<string | null>(deals.storeId, stores, stores.name),
    },
    of: (deal) => ({
      title: deal.title,
      path: dealPath(deal),
      summary: priceAtStore(deal.currentPrice, Boolean(deal.amazonAsin), deal.storeName),
      image: deal.amazonAsin ? null : deal.imageUrl,
    }),
  }),
} satisfies ContentFace<typeof deals>;
