import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Database, Executor } from "#app/db/client.server";
import { buyingGuides, categories } from "#app/db/schema";
import { isBlankHtml } from "#app/lib/html-text";
import { resolveSlug } from "#app/lib/validation";
import { sanitizeRichText } from "#app/modules/content/safe-html.server";
import { deleteWithAudit, FieldErrors, removeById, saveWithAudit, type Actor } from "#app/modules/resource/mutations.server";
import type { BuyingGuideInput } from "./buying-guide.schema";

const ENTITY = "buying_guide";

/** The public row filter: the public sees published guides only. */
const publicGuides = eq(buyingGuides.status, "published");

const cardColumns = {
  id: buyingGuides.id,
  title: buyingGuides.title,
  slug: buyingGuides.slug,
  excerpt: buyingGuides.excerpt,
  coverImageUrl: buyingGuides.coverImageUrl,
  readTime: buyingGuides.readTime,
  featured: buyingGuides.featured,
  createdAt: buyingGuides.createdAt,
  updatedAt: buyingGuides.updatedAt,
};

/** A published guide by slug with its content, or null (drafts and archived guides do not exist for the public). */
export async function findPublicGuideBySlug(db: Executor, slug: string) {
  const [guide] = await db
    .select({ ...cardColumns, content: buyingGuides.content, tags: buyingGuides.tags, categoryName: categories.name, categorySlug: categories.slug })
    .from(buyingGuides)
    .leftJoin(categories, eq(categories.id, buyingGuides.categoryId))
    .where(and(publicGuides, eq(buyingGuides.slug, slug)))
    .limit(1);
  return guide ?? null;
}

/** The slug of a published guide by id (the spec's other reading of /buying-guides/{id}). */
export async function findPublicGuideSlugById(db: Executor, id: string) {
  const [guide] = await db.select({ slug: buyingGuides.slug }).from(buyingGuides).where(and(publicGuides, eq(buyingGuides.id, id))).limit(1);
  return guide?.slug ?? null;
}

/** Published guides, featured first then newest, optionally in one category (by slug). */
export async function listPublicGuides(db: Executor, options: { category?: string; limit: number }) {
  const where = options.category ? and(publicGuides, eq(categories.slug, options.category)) : publicGuides;
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(buyingGuides)
      .leftJoin(categories, eq(categories.id, buyingGuides.categoryId))
      .where(where)
      .orderBy(desc(buyingGuides.featured), desc(buyingGuides.createdAt), asc(buyingGuides.id))
      .limit(options.limit),
    db.select({ n: count() }).from(buyingGuides).leftJoin(categories, eq(categories.id, buyingGuides.categoryId)).where(where),
  ]);
  return { guides: rows, total: total?.n ?? 0 };
}

/** Categories that have published guides: the guides page's filter buttons. */
export async function categoriesWithPublicGuides(db: Executor) {
  return db
    .selectDistinct({ name: categories.name, slug: categories.slug })
    .from(categories)
    .innerJoin(buyingGuides, eq(buyingGuides.categoryId, categories.id))
    .where(publicGuides)
    .orderBy(asc(categories.name));
}

export async function listGuidesForAdmin(db: Executor) {
  return db
    .select({ ...cardColumns, status: buyingGuides.status })
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
