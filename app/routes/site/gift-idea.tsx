import { Check, Gift } from "lucide-react";
import { data } from "react-router";

import { ItemPageBuyLink } from "#app/components/site/affiliate-link";
import { CardImage } from "#app/components/site/card-image";
import { PreviewBanner, previewRobots } from "#app/components/site/preview-banner";
import { PriceAsOf } from "#app/components/site/price-as-of";
import { PriceHistorySection, PriceLows } from "#app/components/site/price-history";
import { StarRating } from "#app/components/site/star-rating";
import { TagList } from "#app/components/site/tag-list";
import { formatPrice, siteMoney } from "#app/lib/money";
import { giftIdeaPath } from "#app/lib/public-paths";
import { pageMeta, productMarkup, siteUrlFrom } from "#app/lib/seo";
import {
  amazonContentShowable,
  offerAvailability,
  OUT_OF_STOCK,
  shownImage,
  shownOutOfStock,
  shownRating,
} from "#app/modules/amazon/price-freshness";
import { audienceLabels, occasionLabels } from "#app/modules/gift-ideas/gift-idea-labels";
import { findPublicGiftIdeaBySlug } from "#app/modules/gift-ideas/gift-ideas-public.server";
import { previewedItem, withPreview } from "#app/modules/previews/preview-links.server";
import { priceStoryOf } from "#app/modules/price-history/price-history.server";

import type { Route } from "./+types/gift-idea";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const preview = await previewedItem(request, context, "gift");
  const gift = await findPublicGiftIdeaBySlug(context.db, params.slug, { previewOf: preview?.itemId });
  if (!gift) throw data(null, { status: 404 });
  return withPreview({ gift, prices: await priceStoryOf(context.db, "gift", gift) }, preview);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta("Gift not found", "This gift collection does not exist.");
  const { gift } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  const image = new URL(gift.imageUrl, `${siteUrl}/`).toString();
  const amazonShown = amazonContentShowable(gift);
  return [
    ...pageMeta(gift.title, gift.description, {
      siteUrl,
      path: giftIdeaPath(gift),
      image: amazonShown ? gift.imageUrl : undefined,
      type: "product",
    }),
    ...productMarkup({
      name: gift.title,
      description: gift.description,
      images: [image, ...gift.additionalImages.map((url) => new URL(url, `${siteUrl}/`).toString())],
      offer:
        gift.price !== null && amazonShown
          ? {
              url: `${siteUrl}/go/gift/${gift.id}`,
              price: gift.price,
              currency: siteMoney().currency,
              availability: offerAvailability(gift),
            }
          : null,
    }),
    ...previewRobots(loaderData.preview),
  ];
};

export default function GiftIdea({ loaderData: { gift, prices, preview } }: Route.ComponentProps) {
  // Amazon's pictures and rating, like its price, only while read within 24 hours.
  const shown = amazonContentShowable(gift);
  const rating = shownRating(gift);
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <PreviewBanner preview={preview} noun="gift idea" />
      <div className="grid gap-10 md:grid-cols-2">
        <div className="space-y-3">
          <CardImage
            src={shownImage(gift)}
            width={800}
            height={800}
            loading="first"
            label={gift.title}
            fallback={<Gift className="h-16 w-16" aria-hidden />}
            className="aspect-square w-full rounded-2xl"
          />
          {shown && gift.additionalImages.length > 0 ? (
            <ul className="grid grid-cols-4 gap-3" aria-label="More images">
              {gift.additionalImages.map((url) => (
                <li key={url}>
                  <img
                    src={url}
                    alt=""
                    width={200}
                    height={200}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="space-y-4">
          <p className="flex flex-wrap gap-2 text-sm">
            {gift.occasion ? (
              <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-700">{occasionLabels[gift.occasion]}</span>
            ) : null}
            {gift.audienceType ? (
              <span className="rounded-full bg-gray-100 px-3 py-1 text-gray-700">
                For {audienceLabels[gift.audienceType]}
              </span>
            ) : null}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight">{gift.title}</h1>
          <p className="text-lg text-gray-700">{gift.description}</p>
          {rating !== null ? (
            <StarRating rating={rating} reviews={gift.totalReviews} fromAmazon={Boolean(gift.amazonAsin)} />
          ) : null}
          {gift.price !== null && shown ? (
            <div>
              <p className="text-3xl font-extrabold">{formatPrice(gift.price)}</p>
              <PriceAsOf item={gift} />
              {shownOutOfStock(gift) ? <p className="font-medium text-red-700">{OUT_OF_STOCK}</p> : null}
              {prices ? <PriceLows lowest30={prices.lowest30} lowest90={prices.lowest90} /> : null}
            </div>
          ) : gift.amazonAsin ? (
            <p className="text-lg font-semibold text-gray-700">See price on Amazon</p>
          ) : null}
          {gift.primeEligible ? (
            <p className="flex items-center gap-1 text-sm text-gray-700">
              <Check className="h-4 w-4 text-green-600" aria-hidden /> Prime eligible
            </p>
          ) : null}
          <ItemPageBuyLink kind="gift" id={gift.id} url={gift.productUrl} placement="gift-page">
            Buy{gift.storeName ? ` at ${gift.storeName}` : ""}
          </ItemPageBuyLink>
          {gift.longDescription ? <p className="whitespace-pre-line text-gray-700">{gift.longDescription}</p> : null}
          <TagList tags={gift.tags} />
        </div>
      </div>
      {prices ? (
        <div className="mt-10">
          <PriceHistorySection steps={prices.steps} />
        </div>
      ) : null}
    </main>
  );
}
