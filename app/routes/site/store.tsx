import { data } from "react-router";

import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { AffiliateLink } from "#app/components/site/affiliate-link";
import { Breadcrumbs, type Crumb } from "#app/components/site/breadcrumbs";
import { CardGrid } from "#app/components/site/card-grid";
import { CardImage, StoreInitial } from "#app/components/site/card-image";
import { DealGridPreview } from "#app/components/site/deal-grid-preview";
import { FeedLink } from "#app/components/site/feed-link";
import { CouponCard } from "#app/islands/coupon-card";
import { feedAlternates } from "#app/lib/feed-links";
import { dealPath, storePath } from "#app/lib/public-paths";
import { breadcrumbList, itemList, pageMeta, siteUrlFrom } from "#app/lib/seo";
import { readStorePage } from "#app/modules/stores/store-page.server";

import type { Route } from "./+types/store";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readStorePage(context.db, params.slug);
  if (!page) throw data(null, { status: 404 });
  return page;
}

const crumbsOf = (store: { name: string }): Crumb[] => [
  { label: "Home", to: "/" },
  { label: "Stores", to: "/stores" },
  { label: store.name },
];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta("Store not found", "This store does not exist.");
  const { store, deals } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return [
    ...pageMeta(
      store.seoTitle ?? `${store.name} Coupons & Deals`,
      store.seoDescription ?? `Today's ${store.name} coupons, promo codes and deals, checked by the DealDash team.`,
      {
        siteUrl,
        path: storePath(store),
        image: store.logoUrl ?? undefined,
      },
    ),
    itemList(deals.map((deal) => `${siteUrl}${dealPath(deal)}`)),
    breadcrumbList(siteUrl, crumbsOf(store), `${siteUrl}${storePath(store)}`),
    ...feedAlternates(`${store.name} Coupons & Deals`, storePath(store)),
  ];
};

export default function StorePage({
  loaderData: { store, liveCoupons, deals, dealCount, expiredCoupons },
}: Route.ComponentProps) {
  const nothingLive = liveCoupons.length === 0 && deals.length === 0;
  return (
    <main className="mx-auto max-w-7xl space-y-10 px-4 py-8">
      <Breadcrumbs crumbs={crumbsOf(store)} />
      <header className="flex flex-wrap items-center gap-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <CardImage
          src={store.logoUrl}
          width={96}
          height={96}
          loading="eager"
          fit="contain"
          fallback={<StoreInitial name={store.name} />}
          className="h-24 w-24 rounded-xl"
        />
        <div className="flex-1 space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h1 className="text-3xl font-extrabold tracking-tight">{`${store.name} Coupons & Deals`}</h1>
            <FeedLink pagePath={storePath(store)} className="text-brand-700" />
          </div>
          {store.seoDescription ? <p className="text-gray-700">{store.seoDescription}</p> : null}
          <AffiliateDisclosure />
        </div>
        {store.targetUrl ? (
          <AffiliateLink
            kind="store"
            id={store.id}
            url={store.targetUrl}
            placement="store-page"
            className="inline-flex h-12 items-center justify-center rounded-lg bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800"
          >
            {`Visit ${store.name}`}
          </AffiliateLink>
        ) : null}
      </header>

      {nothingLive ? (
        <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">{`No live ${store.name} coupons or deals right now. Check back soon!`}</p>
      ) : null}

      {liveCoupons.length > 0 ? (
        <section aria-labelledby="store-coupons" className="space-y-4">
          <h2 id="store-coupons" className="text-2xl font-bold">{`${store.name} coupons`}</h2>
          <CardGrid items={liveCoupons} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(coupon) => <CouponCard coupon={coupon} placement="store-page" />}
          </CardGrid>
        </section>
      ) : null}

      {deals.length > 0 ? (
        <section aria-labelledby="store-deals" className="space-y-4">
          <h2 id="store-deals" className="text-2xl font-bold">{`${store.name} deals`}</h2>
          <DealGridPreview
            deals={deals}
            total={dealCount}
            placement="store-page"
            filter={{ store: store.slug }}
            seeAllSuffix={`at ${store.name}`}
          />
        </section>
      ) : null}

      {expiredCoupons.length > 0 ? (
        <section aria-labelledby="store-expired" className="space-y-4">
          <h2 id="store-expired" className="text-xl font-semibold text-gray-700">
            Recently expired coupons
          </h2>
          <CardGrid items={expiredCoupons} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(coupon) => <CouponCard coupon={coupon} placement="store-page" />}
          </CardGrid>
        </section>
      ) : null}
    </main>
  );
}
