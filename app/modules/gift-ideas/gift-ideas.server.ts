import { desc } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { giftIdeas } from "#app/db/schema";

/** Admin list, newest first, every status. */
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
