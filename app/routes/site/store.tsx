import { data } from "react-router";
import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { AffiliateLink } from "#app/components/site/affiliate-link";
import { Breadcrumbs, type Crumb } from "#app/components/site/breadcrumbs";
import { CardGrid } from "#app/components/site/card-grid";
import { CouponCard } from "#app/components/site/coupon-card";
import { DealGridPreview } from "#app/components/site/deal-grid-preview";
import { storePath } from "#app/lib/public-paths";
import { breadcrumbList, itemList, pageMeta, siteUrlFrom } from "#app/lib/seo";
import { listStoreCoupons } from "#app/modules/coupons/coupons-public.server";
import { listPublicDeals } from "#app/modules/deals/deals-public.server";
import { findPublicStoreBySlug } from "#app/modules/stores/stores-public.server";
import type { Route } from "./+types/store";

/** A store page shows this many of each; the rest of its deals are a filter of Deal Dashes away. */
const LIVE_COUPONS = 30;
const LIVE_DEALS = 12;
const EXPIRED_COUPONS = 6;

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = await findPublicStoreBySlug(context.db, params.slug);
  if (!store) throw data(null, { status: 404 });
  const [liveCoupons, { deals, total: dealCount }, expiredCoupons] = await Promise.all([
    listStoreCoupons(context.db, store.id, { state: "live", limit: LIVE_COUPONS }),
    listPublicDeals(context.db, { store: store.slug, limit: LIVE_DEALS }),
    listStoreCoupons(context.db, store.id, { state: "expired", limit: EXPIRED_COUPONS }),
  ]);
  return { store, liveCoupons, deals, dealCount, expiredCoupons };
}

const crumbsOf = (store: { name: string }): Crumb[] => [{ label: "Home", to: "/" }, { label: "Stores", to: "/stores" }, { label: store.name }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta("Store not found", "This store does not exist.");
  const { store, deals } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return [
    ...pageMeta(store.seoTitle ?? `${store.name} Coupons & Deals`, store.seoDescription ?? `Today's ${store.name} coupons, promo codes and deals, checked by the DealDash team.`, {
      siteUrl,
      path: storePath(store),
      image: store.logoUrl ?? undefined,
    }),
    itemList(deals.map((deal) => `${siteUrl}/deals/${deal.slug}`)),
    breadcrumbList(siteUrl, crumbsOf(store), `${siteUrl}${storePath(store)}`),
  ];
};

export default function StorePage({ loaderData: { store, liveCoupons, deals, dealCount, expiredCoupons } }: Route.ComponentProps) {
  const nothingLive = liveCoupons.length === 0 && deals.length === 0;
  return (
    <main className="mx-auto max-w-7xl space-y-10 px-4 py-8">
      <Breadcrumbs crumbs={crumbsOf(store)} />
      <header className="flex flex-wrap items-center gap-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        {store.logoUrl ? <img src={store.logoUrl} alt="" width={96} height={96} className="h-24 w-24 rounded-xl object-contain" /> : null}
        <div className="flex-1 space-y-2">
          <h1 className="text-3xl font-extrabold tracking-tight">{`${store.name} Coupons & Deals`}</h1>
          {store.seoDescription ? <p className="text-gray-700">{store.seoDescription}</p> : null}
          <AffiliateDisclosure />
        </div>
        <AffiliateLink
          kind="store"
          id={store.id}
          url={store.targetUrl}
          placement="store-page"
          className="inline-flex h-12 items-center justify-center rounded-lg bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800"
        >
          {`Visit ${store.name}`}
        </AffiliateLink>
      </header>

      {nothingLive ? <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">{`No live ${store.name} coupons or deals right now. Check back soon!`}</p> : null}

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
          <DealGridPreview deals={deals} total={dealCount} placement="store-page" filter={{ store: store.slug }} seeAllSuffix={`at ${store.name}`} />
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
