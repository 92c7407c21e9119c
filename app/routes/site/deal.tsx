import { Clock } from "lucide-react";
import { data } from "react-router";

import { ItemPageBuyLink } from "#app/components/site/affiliate-link";
import { Breadcrumbs, type Crumb } from "#app/components/site/breadcrumbs";
import { CardGrid } from "#app/components/site/card-grid";
import { CardImage, StoreInitial } from "#app/components/site/card-image";
import { DealCard } from "#app/components/site/deal-card";
import { PreviewBanner, previewRobots } from "#app/components/site/preview-banner";
import { PriceAsOf } from "#app/components/site/price-as-of";
import { PriceHistorySection, PriceLows } from "#app/components/site/price-history";
import { ReferencePrice } from "#app/components/site/reference-price";
import { StarRating } from "#app/components/site/star-rating";
import { VotePrompt } from "#app/islands/vote-prompt";
import { formatDate } from "#app/lib/dates";
import { timeLeft } from "#app/lib/expiry";
import { formatPrice, siteMoney } from "#app/lib/money";
import { categoryPath, dealPath, storePath } from "#app/lib/public-paths";
import { shownReduction } from "#app/lib/reference-price";
import { breadcrumbList, pageMeta, productMarkup, siteUrlFrom } from "#app/lib/seo";
import {
  amazonContentShowable,
  offerAvailability,
  OUT_OF_STOCK,
  shownImage,
  shownOutOfStock,
  shownRating,
} from "#app/modules/amazon/price-freshness";
import { findPublicDealBySlug, listRelatedDeals } from "#app/modules/deals/deals-public.server";
import { previewedItem, withPreview } from "#app/modules/previews/preview-links.server";
import { priceStoryOf } from "#app/modules/price-history/price-history.server";

import type { Route } from "./+types/deal";

/**
 * What the long description adds to the short one shown above it: a long description often opens with the
 * short one (the Amazon fetch fills both from one text), which the page would otherwise say twice.
 */
function moreThan(long: string | null, short: string): string {
  const text = (long ?? "").trim();
  return text.startsWith(short.trim()) ? text.slice(short.trim().length).trim() : text;
}

/** How many live deals the page offers besides this one (alternatives, when it has ended). */
const RELATED = 3;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const preview = await previewedItem(request, context, "deal");
  const deal = await findPublicDealBySlug(context.db, params.slug, { previewOf: preview?.itemId });
  if (!deal) throw data(null, { status: 404 });
  const [related, prices] = await Promise.all([
    listRelatedDeals(context.db, deal, RELATED),
    priceStoryOf(context.db, "deal", deal),
  ]);
  return withPreview({ deal, related, prices }, preview);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type Deal = Route.ComponentProps["loaderData"]["deal"];

function crumbsOf(deal: Deal): Crumb[] {
  return [
    { label: "Home", to: "/" },
    deal.categorySlug && deal.categoryName
      ? { label: deal.categoryName, to: categoryPath({ slug: deal.categorySlug }) }
      : { label: "Deal Dashes", to: "/deal-dashes" },
    { label: deal.title },
  ];
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta("Deal not found", "This deal does not exist.");
  const { deal } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  const url = `${siteUrl}${dealPath(deal)}`;
  const priceShown = amazonContentShowable(deal);
  return [
    ...pageMeta(deal.title, deal.shortDescription, {
      siteUrl,
      path: dealPath(deal),
      image: shownImage(deal) ?? undefined,
      type: "product",
    }),
    ...productMarkup({
      name: deal.title,
      description: deal.shortDescription,
      images: [new URL(deal.imageUrl, `${siteUrl}/`).toString()],
      offer: priceShown
        ? {
            url,
            price: deal.currentPrice,
            currency: siteMoney().currency,
            validUntil: deal.expiresAt,
            availability: offerAvailability(deal, deal.expired),
            seller: deal.storeName,
          }
        : null,
    }),
    breadcrumbList(siteUrl, crumbsOf(deal), url),
    ...previewRobots(loaderData.preview),
  ];
};

function Price({ deal }: { deal: Deal }) {
  if (!amazonContentShowable(deal)) return <p className="text-lg font-semibold text-gray-700">See price on Amazon</p>;
  const reduction = shownReduction(deal);
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-3">
        <span className="text-3xl font-extrabold" data-testid="deal-price">
          {formatPrice(deal.currentPrice)}
        </span>
        {reduction ? (
          <>
            <ReferencePrice reduction={reduction} className="text-lg" />
            <span className="rounded-full bg-red-600 px-2 py-0.5 text-sm font-semibold text-white">
              -{reduction.percent}%
            </span>
          </>
        ) : null}
      </p>
      {reduction ? <p className="font-medium text-green-700">{`Save ${formatPrice(reduction.saved)}`}</p> : null}
      {shownOutOfStock(deal) ? <p className="font-medium text-red-700">{OUT_OF_STOCK}</p> : null}
      <PriceAsOf item={deal} />
    </div>
  );
}

export default function DealPage({ loaderData: { deal, related, prices, preview } }: Route.ComponentProps) {
  const left = timeLeft(deal.expiresAt);
  // Amazon's image and rating, like its price, only while read within 24 hours.
  const image = shownImage(deal);
  const rating = shownRating(deal);
  return (
    <main className="mx-auto max-w-6xl space-y-10 px-4 py-8">
      <PreviewBanner preview={preview} noun="deal" />
      <Breadcrumbs crumbs={crumbsOf(deal)} />
      <div className="grid gap-10 md:grid-cols-2">
        <CardImage
          src={image}
          width={800}
          height={600}
          loading="first"
          label={deal.title}
          fallback={<StoreInitial name={deal.storeName} size="lg" />}
          className={`aspect-[4/3] w-full rounded-2xl ${deal.expired ? "opacity-60" : ""}`}
        />
        <div className="space-y-4">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            <a href={storePath({ slug: deal.storeSlug })} className="hover:underline">
              {deal.storeName}
            </a>
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight">{deal.title}</h1>
          {deal.expired ? (
            <p
              role="status"
              className="inline-flex rounded-full bg-gray-200 px-3 py-1 text-sm font-semibold text-gray-700"
            >
              Expired
            </p>
          ) : null}
          <p className="text-lg text-gray-700">{deal.shortDescription}</p>
          {rating !== null ? (
            <StarRating rating={rating} reviews={deal.reviewCount} fromAmazon={Boolean(deal.amazonAsin)} />
          ) : null}
          <Price deal={deal} />
          {prices ? <PriceLows lowest30={prices.lowest30} lowest90={prices.lowest90} /> : null}
          {deal.expiresAt ? (
            <p className="flex items-center gap-1 text-sm text-gray-600">
              <Clock className="h-4 w-4" aria-hidden />
              {deal.expired
                ? `Ended ${formatDate(deal.expiresAt)}`
                : `Ends ${formatDate(deal.expiresAt)}${left ? ` (in ${left})` : ""}`}
            </p>
          ) : null}
          {deal.expired ? (
            <p className="text-gray-700">
              This deal has ended. {related.length > 0 ? "Here are live deals like it." : ""}
            </p>
          ) : (
            <>
              <ItemPageBuyLink kind="deal" id={deal.id} url={deal.affiliateUrl} placement="deal-page">
                Get Deal
              </ItemPageBuyLink>
              <div id={`deal-${deal.id}`}>
                <VotePrompt
                  kind="deal"
                  id={deal.id}
                  question="Sold out or price gone up?"
                  choices={[{ vote: "expired", label: "Expired?" }]}
                />
              </div>
            </>
          )}
          {moreThan(deal.longDescription, deal.shortDescription) ? (
            <p className="whitespace-pre-line text-gray-700">{moreThan(deal.longDescription, deal.shortDescription)}</p>
          ) : null}
        </div>
      </div>
      {prices ? <PriceHistorySection steps={prices.steps} /> : null}
      {related.length > 0 ? (
        <section aria-labelledby="related-deals" className="space-y-4">
          <h2 id="related-deals" className="text-2xl font-bold">
            {deal.expired ? "Live deals like this one" : "Related deals"}
          </h2>
          <CardGrid items={related} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(item) => <DealCard deal={item} placement="deal-page-related" imageLoading="lazy" />}
          </CardGrid>
        </section>
      ) : null}
    </main>
  );
}
