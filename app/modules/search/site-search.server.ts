import type { Executor } from "#app/db/client.server";
import { listPublicGuides } from "#app/modules/buying-guides/buying-guides-public.server";
import { listMatchingCoupons } from "#app/modules/coupons/coupons-public.server";
import { listBestMatchingDeals } from "#app/modules/deals/deals-public.server";
import { listMatchingStores } from "#app/modules/stores/stores-public.server";

import { textSearchOf } from "./search-words.server";

// One search for everything the site offers: `/search?q=` shows the best few of each kind, each section
// leading to its own list filtered by the same words.

/** How many of each kind the search page shows before 'See all'. */
export const SEARCH_SECTION_SIZES = { deals: 8, coupons: 6, stores: 12, guides: 3 } as const;

export async function searchSite(db: Executor, search: string) {
  const text = await textSearchOf(db, search);
  const [deals, coupons, stores, guides] = await Promise.all([
    listBestMatchingDeals(db, text, SEARCH_SECTION_SIZES.deals),
    listMatchingCoupons(db, text, SEARCH_SECTION_SIZES.coupons),
    listMatchingStores(db, search, SEARCH_SECTION_SIZES.stores),
    listPublicGuides(db, { search: text, limit: SEARCH_SECTION_SIZES.guides }),
  ]);
  return { deals, coupons, stores, guides };
}

export type SiteSearchResults = Awaited<ReturnType<typeof searchSite>>;
