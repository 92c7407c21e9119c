import { Gift } from "lucide-react";
import { Link } from "react-router";

import { Badge } from "#app/components/ui/badge";
import { giftIdeaPath } from "#app/lib/public-paths";
import { shownImage } from "#app/modules/amazon/price-freshness";
import { occasionLabels } from "#app/modules/gift-ideas/gift-idea-labels";

import { CardImage, type ImageLoading } from "./card-image";

export interface GiftCardData {
  id: string;
  title: string;
  slug: string;
  description: string;
  imageUrl: string;
  amazonAsin: string | null;
  priceUpdatedAt: Date | string | null;
  occasion: keyof typeof occasionLabels | null;
  featured: boolean;
}

/** A gift collection card: image or placeholder, title, two-line description, slug, Featured badge. */
export function GiftCard({ gift, imageLoading }: { gift: GiftCardData; imageLoading?: ImageLoading }) {
  // An Amazon image read over 24 hours ago may not be shown: the gift icon stands in.
  const image = shownImage(gift);
  return (
    <article
      data-testid="gift-card"
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <Link to={giftIdeaPath(gift)} className="relative block aspect-[4/3] bg-gray-100" tabIndex={-1} aria-hidden>
        <CardImage
          src={image}
          loading={imageLoading}
          fallback={<Gift className="h-10 w-10" aria-hidden />}
          className="h-full w-full"
        />
        {gift.featured ? (
          <Badge tone="orange" className="absolute left-3 top-3 bg-accent-700 text-white">
            Featured
          </Badge>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="font-bold text-gray-900 group-hover:text-brand-700">
          <Link to={giftIdeaPath(gift)}>{gift.title}</Link>
        </h3>
        <p className="line-clamp-2 text-sm text-gray-600">{gift.description}</p>
        <p className="mt-auto flex items-center justify-between text-xs text-gray-500">
          <span>/{gift.slug}</span>
          {gift.occasion ? <span>{occasionLabels[gift.occasion]}</span> : null}
        </p>
      </div>
    </article>
  );
}
