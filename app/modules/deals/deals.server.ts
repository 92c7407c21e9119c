import { desc, eq } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { deals, stores } from "#app/db/schema";
import { endOfDay } from "#app/lib/dates";
import { discountPercentage } from "#app/lib/discount";
import { resolveSlug } from "#app/lib/validation";
import { publishedTitles } from "#app/modules/resource/published-titles.server";
import { deleteWithAudit, removeById, saveWithAudit, type Actor } from "#app/modules/resource/mutations.server";
import type { DealInput } from "./deal.schema";

const ENTITY = "deal";

/** Admin list, newest first, every status. */
export async function listDealsForAdmin(db: Executor) {
  return db
    .select({
      id: deals.id,
      title: deals.title,
      currentPrice: deals.currentPrice,
      originalPrice: deals.originalPrice,
      discountPercentage: deals.discountPercentage,
      status: deals.status,
      featured: deals.featured,
      amazonAsin: deals.amazonAsin,
      priceUpdatedAt: deals.priceUpdatedAt,
      createdAt: deals.createdAt,
      storeName: stores.name,
    })
    .from(deals)
    .innerJoin(stores, eq(stores.id, deals.storeId))
    .orderBy(desc(deals.createdAt));
}

export async function getDealForAdmin(db: Executor, id: string) {
  const [row] = await db.select().from(deals).where(eq(deals.id, id)).limit(1);
  return row ?? null;
}

/** Column values from validated input; the discount is always computed here, never taken from a form. */
function values(input: DealInput) {
  return {
    title: input.title,
    slug: resolveSlug(input.slug, input.title),
    shortDescription: input.shortDescription,
    longDescription: input.longDescription ?? null,
    imageUrl: input.imageUrl,
    affiliateUrl: input.affiliateUrl,
    currentPrice: input.currentPrice,
    originalPrice: input.originalPrice ?? null,
    discountPercentage: discountPercentage(input.currentPrice, input.originalPrice),
    storeId: input.storeId,
    categoryId: input.categoryId ?? null,
    rating: input.rating ?? null,
    reviewCount: input.reviewCount ?? null,
    expiresAt: input.expiresAt ? endOfDay(input.expiresAt) : null,
    status: input.status,
    featured: input.featured,
    trackClicks: input.trackClicks,
    isHot: input.isHot,
    notes: input.notes ?? null,
    amazonAsin: input.amazonAsin ?? null,
  };
}

export function createDeal(db: Database, actor: Actor, input: DealInput) {
  return saveWithAudit(db, { actor, action: "create", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.insert(deals).values(values(input)).returning();
    return row;
  });
}

export function updateDeal(db: Database, actor: Actor, id: string, input: DealInput) {
  return saveWithAudit(db, { actor, action: "update", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.update(deals).set(values(input)).where(eq(deals.id, id)).returning();
    return row;
  });
}

export function deleteDeal(db: Database, actor: Actor, id: string) {
  return deleteWithAudit(db, { actor, entity: ENTITY }, removeById(deals, deals.title, id));
}

/** Published deals for the guide editor's token picker. */
export function listPublishedDealTitles(db: Executor) {
  return publishedTitles(db, deals);
}
