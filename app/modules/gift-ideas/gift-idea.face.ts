import { giftIdeas } from "#app/db/schema";
import { priceAtStore } from "#app/lib/money";
import { giftIdeaPath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { defineTeaser } from "#app/modules/content-types/teaser";

// What anyone may know about gift ideas: public queries and outward features read this face, the admin
// desk (giftIdeaType) builds on it.

export const giftIdeaFace = {
  key: "gift" as const,
  noun: { one: "gift idea", many: "gift ideas" },
  table: giftIdeas,
  references: [{ field: "storeId", to: "store" }],
  publicPath: giftIdeaPath,
  teaser: defineTeaser({
    columns: {
      title: giftIdeas.title,
      slug: giftIdeas.slug,
      price: giftIdeas.price,
      amazonAsin: giftIdeas.amazonAsin,
      imageUrl: giftIdeas.imageUrl,
    },
    of: (gift) => ({
      title: gift.title,
      path: giftIdeaPath(gift),
      summary: priceAtStore(gift.price, Boolean(gift.amazonAsin)),
      image: gift.amazonAsin ? null : gift.imageUrl,
    }),
  }),
} satisfies ContentFace<typeof giftIdeas>;
