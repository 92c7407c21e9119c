import { desc } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { buyingGuides } from "#app/db/schema";

/** Admin list, newest first, every status. */
export async function listGuidesForAdmin(db: Executor) {
  return db
    .select({
      id: buyingGuides.id,
      title: buyingGuides.title,
      slug: buyingGuides.slug,
      excerpt: buyingGuides.excerpt,
      coverImageUrl: buyingGuides.coverImageUrl,
      readTime: buyingGuides.readTime,
      featured: buyingGuides.featured,
      status: buyingGuides.status,
      createdAt: buyingGuides.createdAt,
    })
    .from(buyingGuides)
    .orderBy(desc(buyingGuides.createdAt));
}
