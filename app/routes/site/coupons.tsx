import { Form, redirect } from "react-router";

import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { CardGrid, LoadMoreLink, ShowEarlierLink } from "#app/components/site/card-grid";
import { PageHeader } from "#app/components/site/page-header";
import { Button } from "#app/components/ui/button";
import { SearchInput } from "#app/components/ui/search-input";
import { Select } from "#app/components/ui/select";
import { CouponCard } from "#app/islands/coupon-card";
import { withoutDefaultFilters } from "#app/lib/listing-filters";
import { pageWindow } from "#app/lib/page-window";
import { storePath } from "#app/lib/public-paths";
import { listingMeta } from "#app/lib/seo";
import { COUPON_FILTER_DEFAULTS, couponFiltersHref, COUPONS_PER_PAGE } from "#app/modules/coupons/coupon-filters";
import { parseCouponFilters } from "#app/modules/coupons/coupon-filters.server";
import { listPublicCoupons } from "#app/modules/coupons/coupons-public.server";
import { storeFilterOptions } from "#app/modules/stores/stores.server";

import type { Route } from "./+types/coupons";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const clean = withoutDefaultFilters(url, COUPON_FILTER_DEFAULTS);
  if (clean) throw redirect(clean, 301);
  const filters = parseCouponFilters(url.searchParams);
  const window = pageWindow(filters.page, COUPONS_PER_PAGE);
  const [{ coupons, hasMore, anyPublished }, stores] = await Promise.all([
    listPublicCoupons(context.db, {
      search: filters.search,
      store: filters.store,
      showExpired: Boolean(filters.expired),
      offset: window.offset,
      limit: window.limit,
    }),
    storeFilterOptions(context.db, "coupons", { name: filters.store }),
  ]);
  return { filters, window, hasMore, anyPublished, stores, coupons };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  listingMeta(matches, {
    title: "Coupons & Promo Codes",
    description: "Promo codes and coupons from the stores you love.",
    path: loaderData?.filters.search ? couponFiltersHref({ search: loaderData.filters.search }) : "/coupons",
    // A coupon has no page of its own: its place on its store's page.
    itemPaths: (loaderData?.coupons ?? []).map(
      (coupon) => `${storePath({ slug: coupon.storeSlug })}#coupon-${coupon.id}`,
    ),
    search: location.search,
  });

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { filters, window, hasMore, anyPublished, stores, coupons } = loaderData;
  const { firstPage } = window;
  return (
    <main>
      <PageHeader
        title="Coupons & Promo Codes"
        tagline="Promo codes and coupons from the stores you love."
        feedOf="/coupons"
      />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        {/* data-auto-submit: the store and Show Expired apply as they are chosen (app/islands/page-behaviours.ts). */}
        <Form
          method="get"
          data-auto-submit
          autoComplete="off"
          className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_auto_auto_auto]"
        >
          <SearchInput
            name="search"
            defaultValue={filters.search}
            placeholder="Search coupons..."
            aria-label="Search coupons"
          />
          <Select
            key={`store-${filters.store ?? "all"}`}
            name="store"
            defaultValue={filters.store ?? "all"}
            aria-label="Store"
            options={[{ value: "all", label: "All Stores" }, ...stores.map((s) => ({ value: s.name, label: s.name }))]}
          />
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              name="expired"
              value="1"
              defaultChecked={Boolean(filters.expired)}
              className="h-4 w-4 rounded border-gray-300"
            />
            Show Expired
          </label>
          <Button type="submit">Search</Button>
        </Form>
        {coupons.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-700">
            {anyPublished
              ? "No coupons found matching your criteria."
              : "No coupons available at the moment. Check back soon!"}
          </p>
        ) : (
          <>
            <h2 className="sr-only">Coupons</h2>
            <AffiliateDisclosure />
            {firstPage > 1 ? (
              <ShowEarlierLink to={couponFiltersHref({ ...filters, page: firstPage - 1 })}>
                Show earlier coupons
              </ShowEarlierLink>
            ) : null}
            <CardGrid items={coupons} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" paged>
              {(coupon) => <CouponCard coupon={coupon} placement="coupons" />}
            </CardGrid>
          </>
        )}
        {hasMore ? (
          <LoadMoreLink to={couponFiltersHref({ ...filters, page: filters.page + 1 })}>Load More Coupons</LoadMoreLink>
        ) : null}
      </div>
    </main>
  );
}
