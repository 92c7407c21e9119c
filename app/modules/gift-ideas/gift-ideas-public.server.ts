import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { giftIdeas, stores } from "#app/db/schema";

/** The public row filter: only published gift ideas exist for the public. */
export const publicGiftIdea = eq(giftIdeas.status, "published");

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
  updatedAt: giftIdeas.updatedAt,
};

export type PublicGiftCard = Awaited<ReturnType<typeof listPublicGiftIdeas>>[number];

/** Spec §7: published, featured first, then newest. */
export async function listPublicGiftIdeas(db: Executor, limit = 200) {
  return db
    .select(cardColumns)
    .from(giftIdeas)
    .where(publicGiftIdea)
    .orderBy(desc(giftIdeas.featured), desc(giftIdeas.createdAt), asc(giftIdeas.id))
    .limit(limit);
}

export async function findPublicGiftIdeasByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(cardColumns).from(giftIdeas).where(and(publicGiftIdea, inArray(giftIdeas.id, ids)));
}

/** The collection page: every public field of one published gift idea (admin notes stay private). */
export async function findPublicGiftIdeaBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      ...cardColumns,
      longDescription: giftIdeas.longDescription,
      additionalImages: giftIdeas.additionalImages,
      rating: giftIdeas.rating,
      totalReviews: giftIdeas.totalReviews,
      primeEligible: giftIdeas.primeEligible,
      tags: giftIdeas.tags,
      audienceType: giftIdeas.audienceType,
      storeName: stores.name,
    })
    .from(giftIdeas)
    .leftJoin(stores, eq(stores.id, giftIdeas.storeId))
    .where(and(publicGiftIdea, eq(giftIdeas.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function findGiftClickTarget(db: Executor, id: string) {
  const [row] = await db.select({ id: giftIdeas.id, url: giftIdeas.productUrl }).from(giftIdeas).where(and(publicGiftIdea, eq(giftIdeas.id, id))).limit(1);
  return row ? { ...row, trackClicks: true } : null;
}
