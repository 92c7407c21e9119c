import { asc, eq, inArray } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { giftIdeas, referencedColumn, stores } from "#app/db/schema";
import { findPublicBySlug, publicRows } from "#app/modules/content-types/public-read.server";

import { giftIdeaFace } from "./gift-idea.face";

/** Gift ideas on a page of the list (and in its feed). */
export const GIFTS_PER_PAGE = 12;

const cardColumns = {
  id: giftIdeas.id,
  title: giftIdeas.title,
  slug: giftIdeas.slug,
  description: giftIdeas.description,
  imageUrl: giftIdeas.imageUrl,
  occasion: giftIdeas.occasion,
  price: giftIdeas.price,
  featured: giftIdeas.featured,
  productUrl: giftIdeas.productUrl,
  amazonAsin: giftIdeas.amazonAsin,
  priceUpdatedAt: giftIdeas.priceUpdatedAt,
  amazonInStock: giftIdeas.amazonInStock,
  updatedAt: giftIdeas.updatedAt,
};

export type PublicGiftCard = Awaited<ReturnType<typeof findPublicGiftIdeasByIds>>[number];

/** Published, featured first, then newest; `featuredOnly` for the featured section. */
export async function listPublicGiftIdeas(
  db: Executor,
  options: { limit: number; offset?: number; featuredOnly?: boolean },
) {
  return db
    .select(cardColumns)
    .from(publicRows(giftIdeaFace))
    .where(options.featuredOnly ? eq(giftIdeas.featured, true) : undefined)
    .orderBy(descNullsLast(giftIdeas.featured), descNullsLast(giftIdeas.createdAt), asc(giftIdeas.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

export async function findPublicGiftIdeasByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(cardColumns).from(publicRows(giftIdeaFace)).where(inArray(giftIdeas.id, ids));
}

/** The collection page: every public field of one published gift idea (admin notes stay private). */
export const findPublicGiftIdeaBySlug = (db: Executor, slug: string, options: { previewOf?: string } = {}) =>
  findPublicBySlug(
    db,
    giftIdeaFace,
    {
      ...cardColumns,
      longDescription: giftIdeas.longDescription,
      additionalImages: giftIdeas.additionalImages,
      rating: giftIdeas.rating,
      totalReviews: giftIdeas.totalReviews,
      primeEligible: giftIdeas.primeEligible,
      tags: giftIdeas.tags,
      audienceType: giftIdeas.audienceType,
      storeName: referencedColumn<string | null>(giftIdeas.storeId, stores, stores.name),
    },
    slug,
    options,
  );
