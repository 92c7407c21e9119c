import { Bookmark } from "lucide-react";

import { cn } from "#app/lib/cn";
import { type DealFilters, dealFiltersHref } from "#app/modules/deals/deal-filters";

import { island } from "./island";
import { useSavedDealIds } from "./saved-deals";

/** Deal Dashes' 'Saved (n)' toggle: the deals saved in this browser, or all deals again. */
export default function SavedDealsLinkView({ filters }: { filters: DealFilters }) {
  const savedIds = useSavedDealIds();
  return (
    <a
      href={
        filters.saved
          ? dealFiltersHref({ ...filters, saved: undefined, page: 1 })
          : dealFiltersHref({ ...filters, saved: savedIds, page: 1 })
      }
      aria-current={filters.saved ? "true" : undefined}
      className={cn(
        "ml-2 inline-flex items-center gap-1 rounded-lg border px-3 py-2 text-sm",
        filters.saved ? "border-red-300 bg-red-50 text-red-700" : "border-gray-200 text-gray-700",
      )}
    >
      <Bookmark className="h-4 w-4" aria-hidden /> Saved ({savedIds.length})
    </a>
  );
}

export const SavedDealsLink = island("saved-deals-link", SavedDealsLinkView);
