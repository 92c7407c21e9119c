import type { Executor } from "#app/db/client.server";
import { listPublicDeals } from "#app/modules/deals/deals-public.server";

import { findPublicCategoryBySlug } from "./categories.server";

/** The category page shows its newest live deals; the rest are a Deal Dashes filter away. */
const DEALS_SHOWN = 24;

/** What a category's page (and its feed) lists, or null when no such category is public. */
export async function readCategoryPage(db: Executor, slug: string) {
  const category = await findPublicCategoryBySlug(db, slug);
  if (!category) return null;
  const { deals, total } = await listPublicDeals(db, { category: category.slug, limit: DEALS_SHOWN });
  return { category, deals, total };
}
