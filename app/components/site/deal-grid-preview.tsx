import { Link } from "react-router";

import { countLabel } from "#app/lib/counts";
import type { Placement } from "#app/lib/placements";
import { type DealFilters, dealFiltersHref } from "#app/modules/deals/deal-filters";

import { CardGrid } from "./card-grid";
import { cardImageLoading } from "./card-image";
import { DealCard, type DealCardData } from "./deal-card";

/**
 * The first deals of a store or category page, and, when there are more, 'See all N deals at/in …' into
 * Deal Dashes filtered the same way.
 */
export function DealGridPreview({
  deals,
  total,
  placement,
  filter,
  seeAllSuffix,
}: {
  deals: readonly DealCardData[];
  total: number;
  placement: Placement;
  filter: Pick<DealFilters, "store" | "category">;
  seeAllSuffix: string;
}) {
  return (
    <>
      <CardGrid items={deals} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {(deal, index) => <DealCard deal={deal} placement={placement} imageLoading={cardImageLoading(index, 4)} />}
      </CardGrid>
      {total > deals.length ? (
        <p className="text-center">
          <Link to={dealFiltersHref(filter)} className="font-medium text-brand-700 underline">
            {`See all ${countLabel(total, "deal", "deals")} ${seeAllSuffix}`}
          </Link>
        </p>
      ) : null}
    </>
  );
}
