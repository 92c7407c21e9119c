import { Link } from "react-router";

import { SpriteIcon } from "#app/components/site/sprite-icon";
import { Badge } from "#app/components/ui/badge";
import { SaveDealButton } from "#app/islands/save-deal-button";
import { cn } from "#app/lib/cn";
import { timeLeft } from "#app/lib/expiry";
import { formatPrice } from "#app/lib/money";
import type { Placement } from "#app/lib/placements";
import { dealPath } from "#app/lib/public-paths";
import { type PricedDeal, shownReduction } from "#app/lib/reference-price";
import {
  amazonContentShowable,
  OUT_OF_STOCK,
  shownImage,
  shownOutOfStock,
  shownRating,
} from "#app/modules/amazon/price-freshness";

import { AffiliateLink } from "./affiliate-link";
import { CardImage, type ImageLoading, StoreInitial } from "./card-image";
import { PriceAsOf } from "./price-as-of";
import { ReferencePrice } from "./reference-price";
import { StarRating } from "./star-rating";

export interface DealCardData extends PricedDeal {
  id: string;
  slug: string;
  title: string;
  imageUrl: string;
  rating: number | null;
  reviewCount: number | null;
  expiresAt: Date | string | null;
  isHot: boolean;
  affiliateUrl: string;
  storeName: string;
  priceUpdatedAt: Date | string | null;
  amazonInStock: boolean | null;
}

/** A deal as shoppers see it: its title and picture lead to its page, 'Get Deal' to the retailer. `layout="list"` lays it out as a row. */
export function DealCard({
  deal,
  placement,
  layout = "grid",
  imageLoading,
}: {
  deal: DealCardData;
  placement: Placement;
  layout?: "grid" | "list";
  imageLoading?: ImageLoading;
}) {
  // Amazon prices, images and ratings show only while fresh (under 24 hours); prices with the time read.
  const priceShown = amazonContentShowable(deal);
  const image = shownImage(deal);
  const rating = shownRating(deal);
  const reduction = priceShown ? shownReduction(deal) : null;
  const left = timeLeft(deal.expiresAt);
  return (
    <article
      data-testid="deal-card"
      // On a phone every card is a row (picture beside words), as deal apps lay them out: the first screen
      // shows deals, not one picture. From `sm` a grid card stands up.
      className={cn(
        "flex flex-row overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md",
        layout === "grid" && "sm:flex-col",
      )}
    >
      {/* A square beside the words on a phone (a box as tall as the words cropped a picture to a sliver). */}
      <div
        className={cn(
          "relative aspect-square w-32 shrink-0 self-start bg-gray-100",
          layout === "grid" ? "sm:aspect-[4/3] sm:w-auto sm:self-auto" : "sm:aspect-auto sm:w-64 sm:self-stretch",
        )}
      >
        {/* The title's link names the page; this second way in is for pointers, not for keyboards or screen readers. */}
        <Link to={dealPath(deal)} tabIndex={-1} aria-hidden="true" className="absolute inset-0">
          <CardImage
            src={image}
            loading={imageLoading}
            fallback={<StoreInitial name={deal.storeName} />}
            className="h-full w-full"
          />
        </Link>
        <div className="absolute left-2 top-2 flex flex-wrap gap-1 pr-10 sm:left-3 sm:top-3 sm:gap-2">
          {reduction ? (
            <Badge tone="red" className="bg-red-600 text-white">
              -{reduction.percent}%
            </Badge>
          ) : null}
          {deal.isHot ? (
            <Badge tone="orange" className="bg-accent-700 text-white">
              <SpriteIcon name="flame" className="h-3 w-3" /> Hot
            </Badge>
          ) : null}
        </div>
        <SaveDealButton id={deal.id} title={deal.title} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{deal.storeName}</p>
        <h3 className="line-clamp-2 font-semibold text-gray-900">
          <Link to={dealPath(deal)} className="hover:text-brand-700 hover:underline">
            {deal.title}
          </Link>
        </h3>
        {rating !== null ? (
          <StarRating rating={rating} reviews={deal.reviewCount} fromAmazon={Boolean(deal.amazonAsin)} size="card" />
        ) : null}
        {priceShown ? (
          <p className="flex flex-wrap items-baseline gap-2">
            <span className="text-xl font-extrabold text-gray-900 sm:text-2xl" data-testid="deal-price">
              {formatPrice(deal.currentPrice)}
            </span>
            {reduction ? <ReferencePrice reduction={reduction} className="text-sm" /> : null}
          </p>
        ) : (
          <p className="text-base font-semibold text-gray-700">See price on Amazon</p>
        )}
        {priceShown ? <PriceAsOf item={deal} /> : null}
        {shownOutOfStock(deal) ? <p className="text-sm font-medium text-red-700">{OUT_OF_STOCK}</p> : null}
        {reduction ? (
          <p className="text-sm font-medium text-green-700">{`Save ${formatPrice(reduction.saved)}`}</p>
        ) : null}
        {left ? (
          <p className="flex items-center gap-1 text-xs text-gray-500">
            <SpriteIcon name="clock" className="h-3 w-3" /> {left === "Expired" ? "Expired" : `Ends in ${left}`}
          </p>
        ) : null}
        <AffiliateLink
          kind="deal"
          id={deal.id}
          url={deal.affiliateUrl}
          placement={placement}
          className="mt-auto inline-flex h-10 items-center justify-center rounded-lg bg-accent-700 px-4 text-sm font-semibold text-white hover:bg-accent-800"
        >
          Get Deal
        </AffiliateLink>
      </div>
    </article>
  );
}
