import { and, desc, eq } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { buyingGuides } from "~/db/schema";
import { isBlankHtml } from "~/lib/html-text";
import { resolveSlug } from "~/lib/validation";
import { sanitizeRichText } from "~/modules/content/safe-html.server";
import { deleteWithAudit, FieldErrors, removeById, saveWithAudit, type Actor } from "~/modules/resource/mutations.server";
import type { BuyingGuideInput } from "./buying-guide.schema";

const ENTITY = "buying_guide";

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

export async function listGuidesForAdmin(db: Executor) {
  return db
    .select({
      id: buyingGuides.id,
      title: buyingGuides.title,
      slug: buyingGuides.slug,
      excerpt: buyingGuides.excerpt,
      coverImageUrl: buyingGuides.coverImageUrl,
      readTime: buyingGuides.readTime,
      status: buyingGuides.status,
      featured: buyingGuides.featured,
      createdAt: buyingGuides.createdAt,
    })
    .from(buyingGuides)
    .orderBy(desc(buyingGuides.createdAt));
}

export async function getGuideForAdmin(db: Executor, id: string) {
  const [row] = await db.select().from(buyingGuides).where(eq(buyingGuides.id, id)).limit(1);
  return row ?? null;
}

/** Column values; the content is sanitised here, on every save, whatever the form sent. */
function values(input: BuyingGuideInput) {
  const content = sanitizeRichText(input.content);
  if (isBlankHtml(content)) throw new FieldErrors({ content: ["Content is required"] });
  return {
    title: input.title,
    slug: resolveSlug(input.slug, input.title),
    excerpt: input.excerpt ?? null,
    content,
    coverImageUrl: input.coverImageUrl,
    categoryId: input.categoryId ?? null,
    readTime: input.readTime ?? null,
    tags: input.tags,
    status: input.status,
    featured: input.featured,
  };
}

export function createGuide(db: Database, actor: Actor, input: BuyingGuideInput) {
  return saveWithAudit(db, { actor, action: "create", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.insert(buyingGuides).values(values(input)).returning();
    return row;
  });
}

export function updateGuide(db: Database, actor: Actor, id: string, input: BuyingGuideInput) {
  return saveWithAudit(db, { actor, action: "update", entity: ENTITY, title: input.title }, async (tx) => {
    const [row] = await tx.update(buyingGuides).set(values(input)).where(eq(buyingGuides.id, id)).returning();
    return row;
  });
}

export function deleteGuide(db: Database, actor: Actor, id: string) {
  return deleteWithAudit(db, { actor, entity: ENTITY }, removeById(buyingGuides, buyingGuides.title, id));
}
