import { and, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { buyingGuides } from "~/db/schema";

/** The public row filter: the public sees published guides only. */
const publicGuides = eq(buyingGuides.status, "published");

/** A published guide by slug, or null (drafts and archived guides do not exist for the public). */
export async function findPublicGuideBySlug(db: Executor, slug: string) {
  const [guide] = await db
    .select({
      id: buyingGuides.id,
      title: buyingGuides.title,
      slug: buyingGuides.slug,
      excerpt: buyingGuides.excerpt,
      coverImageUrl: buyingGuides.coverImageUrl,
      readTime: buyingGuides.readTime,
      createdAt: buyingGuides.createdAt,
    })
    .from(buyingGuides)
    .where(and(publicGuides, eq(buyingGuides.slug, slug)))
    .limit(1);
  return guide ?? null;
}
