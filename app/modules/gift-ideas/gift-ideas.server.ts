import { desc, eq } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { giftIdeas } from "#app/db/schema";
import { resolveSlug } from "#app/lib/validation";
import { publishedTitles } from "#app/modules/resource/published-titles.server";
import { deleteWithAudit, removeById, saveWithAudit, type Actor } from "#app/modules/resource/mutations.server";
import type { GiftIdeaInput } from "./gift-idea.schema";

const ENTITY = "gift_idea";

export async function listGiftIdeasForAdmin(db: Executor) {
  return db
    .select({
      id: giftIdeas.id,
      title: giftIdeas.title,
      slug: giftIdeas.slug,
      description: giftIdeas.description,
      imageUrl: giftIdeas.imageUrl,
      status: giftIdeas.status,
      featured: giftIdeas.featured,
      createdAt: giftIdeas.createdAt,
    })
    .from(giftIdeas)
    .orderBy(desc(giftIdeas.createdAt));
}

export async function getGiftIdeaForAdmin(db: Executor, id: string) {
  const [row] = await db.select().from(giftIdeas).where(eq(giftIdeas.id, id)).limit(1);
  return row ?? null;
}

/** Spec §5 on save: empty rating → null, total reviews default 0, empty store → null. */
function values(input: GiftIdeaInput) {
  return {
    title: input.title,
    slug: resolveSlug(input.slug, input.title),
    description: input.description,
    longDescription: input.longDescription ?? null,
    productUrl: input.productUrl,
    imageUrl: input.imageUrl,
    additionalImages: input.additionalImages,
    isAmazonProduct: input.isAmazonProduct,
    amazonAsin: input.isAmazonProduct ? (input.amazonAsin ?? null) : null,
    storeId: input.storeId ?? null,
    price: input.price,
    rating: input.rating ?? null,
    totalReviews: input.totalReviews ?? 0,
    primeEligible: input.primeEligible,
    tags: input.tags,
    occasion: input.occasion ?? null,
    audienceType: input.audienceType ?? null,
    showInGiftGuide: input.showInGiftGuide,
    status: input.status,
    featured: input.featured,
    adminNotes: input.adminNotes ?? null,
  };
}

export function createGiftIdea(db: Database, actor: Actor, input: GiftIdeaInput) {
  return saveWithAudit(db, { actor, action: "create", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.insert(giftIdeas).values(values(input)).returning();
    return row;
  });
}

export function updateGiftIdea(db: Database, actor: Actor, id: string, input: GiftIdeaInput) {
  return saveWithAudit(db, { actor, action: "update", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.update(giftIdeas).set(values(input)).where(eq(giftIdeas.id, id)).returning();
    return row;
  });
}

export function deleteGiftIdea(db: Database, actor: Actor, id: string) {
  return deleteWithAudit(db, { actor, entity: ENTITY }, removeById(giftIdeas, giftIdeas.title, id));
}

/** Published giftIdeas for the guide editor's token picker. */
export function listPublishedGiftTitles(db: Executor) {
  return publishedTitles(db, giftIdeas);
}
