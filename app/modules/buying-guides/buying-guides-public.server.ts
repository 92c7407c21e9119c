import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { descNullsLast } from "#app/db/order-by";
import { buyingGuides, categories, referencedColumn } from "#app/db/schema";
import { containsPattern } from "#app/db/sql-text";
import { categoryFace } from "#app/modules/categories/category.face";
import { findPublicBySlug, publicRows } from "#app/modules/content-types/public-read.server";
import { type TextSearch, textSearchMatch, textSearchOf } from "#app/modules/search/search-words.server";

import { buyingGuideFace } from "./buying-guide.face";

/** Guides on a page of the list (and in its feed). */
export const GUIDES_PER_PAGE = 9;

/** What a guide card shows (the public lists, and the admin list with the status). */
export const guideCardColumns = {
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
export const findPublicGuideBySlug = (db: Executor, slug: string, options: { previewOf?: string } = {}) =>
  findPublicBySlug(
    db,
    buyingGuideFace,
    {
      ...guideCardColumns,
      content: buyingGuides.content,
      tags: buyingGuides.tags,
      categoryName: referencedColumn<string | null>(buyingGuides.categoryId, categories, categories.name),
      categorySlug: referencedColumn<string | null>(buyingGuides.categoryId, categories, categories.slug),
    },
    slug,
    options,
  );

/** The slug of a published guide by id (the spec's other reading of /buying-guides/{id}). */
export async function findPublicGuideSlugById(db: Executor, id: string) {
  const [guide] = await db
    .select({ slug: buyingGuides.slug })
    .from(publicRows(buyingGuideFace))
    .where(eq(buyingGuides.id, id))
    .limit(1);
  return guide?.slug ?? null;
}

/** A guide matches when its title or excerpt contains the search, or their words match with a typo forgiven. */
function guideSearchCondition(text: TextSearch): SQL {
  const pattern = containsPattern(text.search);
  return or(
    ilike(buyingGuides.title, pattern),
    ilike(buyingGuides.excerpt, pattern),
    textSearchMatch(buyingGuides.searchVector, text),
  )!;
}

/** Published guides, featured first then newest (title matches first for a search), optionally in one category (by slug). */
export async function listPublicGuides(
  db: Executor,
  options: { category?: string; search?: string | TextSearch; offset?: number; limit: number },
) {
  // The site search hands over the search it has already worked out.
  const text =
    typeof options.search === "string"
      ? options.search
        ? await textSearchOf(db, options.search)
        : undefined
      : options.search;
  const where = and(
    options.category ? eq(categories.slug, options.category) : undefined,
    text ? guideSearchCondition(text) : undefined,
  );
  const titleFirst = text ? [desc(ilike(buyingGuides.title, containsPattern(text.search)))] : [];
  const [rows, [total]] = await Promise.all([
    db
      .select(guideCardColumns)
      .from(publicRows(buyingGuideFace))
      .leftJoin(categories, eq(categories.id, buyingGuides.categoryId))
      .where(where)
      .orderBy(
        ...titleFirst,
        descNullsLast(buyingGuides.featured),
        descNullsLast(buyingGuides.createdAt),
        asc(buyingGuides.id),
      )
      .limit(options.limit)
      .offset(options.offset ?? 0),
    db
      .select({ n: count() })
      .from(publicRows(buyingGuideFace))
      .leftJoin(categories, eq(categories.id, buyingGuides.categoryId))
      .where(where),
  ]);
  return { guides: rows, total: total?.n ?? 0 };
}

/** Categories that have published guides: the guides page's filter buttons. */
export async function categoriesWithPublicGuides(db: Executor) {
  return db
    .selectDistinct({ name: categories.name, slug: categories.slug })
    .from(publicRows(categoryFace))
    .innerJoin(publicRows(buyingGuideFace), eq(buyingGuides.categoryId, categories.id))
    .orderBy(asc(categories.name));
}
