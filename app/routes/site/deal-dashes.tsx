import { BellRing, LayoutGrid, List, SlidersHorizontal } from "lucide-react";
import { Form, Link, redirect } from "react-router";

import { AffiliateDisclosure } from "#app/components/site/affiliate-disclosure";
import { CardGrid, LoadMoreLink, ShowEarlierLink } from "#app/components/site/card-grid";
import { cardImageLoading } from "#app/components/site/card-image";
import { DealCard } from "#app/components/site/deal-card";
import { PageHeader } from "#app/components/site/page-header";
import { Button } from "#app/components/ui/button";
import { SearchInput } from "#app/components/ui/search-input";
import { Select } from "#app/components/ui/select";
import { SavedDealsLink } from "#app/islands/saved-deals-link";
import { cn } from "#app/lib/cn";
import { countLabel } from "#app/lib/counts";
import { withoutDefaultFilters } from "#app/lib/listing-filters";
import { pageWindow } from "#app/lib/page-window";
import { dealPath } from "#app/lib/public-paths";
import { listingMeta } from "#app/lib/seo";
import { categoryFilterOptions } from "#app/modules/categories/categories.server";
import { countMatchingCoupons } from "#app/modules/coupons/coupons-public.server";
import {
  DEAL_FILTER_DEFAULTS,
  dealCanonicalPath,
  dealFiltersHref,
  DEALS_PER_PAGE,
  dealSortOptions,
} from "#app/modules/deals/deal-filters";
import { parseDealFilters } from "#app/modules/deals/deal-filters.server";
import { listPublicDeals } from "#app/modules/deals/deals-public.server";
import { textSearchOf } from "#app/modules/search/search-words.server";
import { storeFilterOptions } from "#app/modules/stores/stores.server";

import type { Route } from "./+types/deal-dashes";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const clean = withoutDefaultFilters(url, DEAL_FILTER_DEFAULTS);
  if (clean) throw redirect(clean, 301);
  const filters = parseDealFilters(url.searchParams);
  const window = pageWindow(filters.page, DEALS_PER_PAGE);
  const [{ deals, total }, stores, categories] = await Promise.all([
    listPublicDeals(context.db, { ...filters, ids: filters.saved, offset: window.offset, limit: window.limit }),
    storeFilterOptions(context.db, "deals", { slug: filters.store }),
    categoryFilterOptions(context.db, filters.category),
  ]);
  // No deal matches: say whether coupons do, so the search is not a dead end.
  const matchingCoupons =
    total === 0 && filters.search
      ? await countMatchingCoupons(context.db, await textSearchOf(context.db, filters.search))
      : 0;
  return { filters, window, deals, total, stores, categories, matchingCoupons };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const filters = loaderData?.filters;
  return listingMeta(matches, {
    title: filters?.search ? `Deals for "${filters.search}"` : "Deal Dashes",
    description: "Discover the hottest deals and save big on your favorite products.",
    path: filters ? dealCanonicalPath(filters) : "/deal-dashes",
    itemPaths: (loaderData?.deals ?? []).map(dealPath),
    search: location.search,
  });
};

function Filters({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { filters, stores, categories } = data;
  const chosen = [
    filters.store,
    filters.category,
    filters.sort !== DEAL_FILTER_DEFAULTS.sort ? filters.sort : undefined,
  ].filter(Boolean).length;

  return (
    // data-auto-submit: the selects apply as they are chosen; the search box on Enter or the button (app/islands/page-behaviours.ts).
    <Form
      method="get"
      action="/deal-dashes"
      data-auto-submit
      autoComplete="off"
      className="space-y-2 rounded-2xl border border-gray-200 bg-white p-3 shadow-sm sm:space-y-3 sm:p-4"
    >
      <div className="flex gap-3">
        <SearchInput
          className="flex-1"
          name="search"
          defaultValue={filters.search}
          placeholder="Search deals..."
          aria-label="Search deals"
        />
        <Button type="submit">Search</Button>
      </div>
      <details className="filter-panel">
        <summary>
          <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filters{chosen ? ` (${chosen})` : ""}
        </summary>
        <div className="mt-3 grid gap-3 md:mt-0 md:grid-cols-3">
          <Select
            key={`store-${filters.store ?? "all"}`}
            name="store"
            defaultValue={filters.store ?? "all"}
            aria-label="Store"
            options={[{ value: "all", label: "All Stores" }, ...stores.map((s) => ({ value: s.slug, label: s.name }))]}
          />
          <Select
            key={`category-${filters.category ?? "all"}`}
            name="category"
            defaultValue={filters.category ?? "all"}
            aria-label="Category"
            options={[
              { value: "all", label: "All Categories" },
              ...categories.map((c) => ({ value: c.slug, label: c.name })),
            ]}
          />
          <Select
            key={`sort-${filters.sort}`}
            name="sort"
            defaultValue={filters.sort}
            aria-label="Sort by"
            options={dealSortOptions}
          />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-sm text-gray-600">View:</span>
          {(["grid", "list"] as const).map((view) => (
            <Link
              key={view}
              to={dealFiltersHref({ ...filters, view, page: filters.page })}
              aria-current={filters.view === view ? "true" : undefined}
              aria-label={view === "grid" ? "Grid view" : "List view"}
              className={cn(
                "rounded-lg border p-2",
                filters.view === view ? "border-brand-600 bg-brand-50 text-brand-700" : "border-gray-200 text-gray-600",
              )}
            >
              {view === "grid" ? (
                <LayoutGrid className="h-4 w-4" aria-hidden />
              ) : (
                <List className="h-4 w-4" aria-hidden />
              )}
            </Link>
          ))}
          <SavedDealsLink filters={filters} />
        </div>
      </details>
      {filters.view !== "grid" ? <input type="hidden" name="view" value={filters.view} /> : null}
    </Form>
  );
}

/** The new-alert form, filled in with this view's search, store and category. */
function alertHref(filters: Route.ComponentProps["loaderData"]["filters"]) {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.store) params.set("store", filters.store);
  if (filters.category) params.set("category", filters.category);
  const query = params.toString();
  return `/alerts/new${query ? `?${query}` : ""}`;
}

export default function DealDashes({ loaderData }: Route.ComponentProps) {
  const { filters, window, total } = loaderData;
  const { deals } = loaderData;
  const { firstPage } = window;
  const hasMore = window.offset + deals.length < total;
  return (
    <main>
      <PageHeader
        title="Deal Dashes"
        tagline="Discover the hottest deals and save big on your favorite products"
        feedOf="/deal-dashes"
      />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <Filters data={loaderData} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-gray-600" role="status">
            {countLabel(total, "deal", "deals")}
            {filters.search ? ` for "${filters.search}"` : ""}
          </p>
          <Link
            to={alertHref(filters)}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            <BellRing className="h-4 w-4" aria-hidden />{" "}
            {filters.search || filters.store || filters.category ? "Email me deals like these" : "Get deal alerts"}
          </Link>
        </div>
        {deals.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center">
            <p className="text-gray-700">No deals match your search and filters.</p>
            {loaderData.matchingCoupons > 0 ? (
              <Link
                to={`/coupons?search=${encodeURIComponent(filters.search)}`}
                className="mt-3 block font-medium text-brand-700 underline"
              >
                {countLabel(loaderData.matchingCoupons, "coupon", "coupons")}{" "}
                {loaderData.matchingCoupons === 1 ? "matches" : "match"} '{filters.search}'
              </Link>
            ) : null}
            <Link to="/deal-dashes" className="mt-3 inline-block font-medium text-brand-600 underline">
              Reset filters
            </Link>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Deals</h2>
            <AffiliateDisclosure />
            {firstPage > 1 ? (
              <ShowEarlierLink to={dealFiltersHref({ ...filters, page: firstPage - 1 })}>
                Show earlier deals
              </ShowEarlierLink>
            ) : null}
            <CardGrid
              items={deals}
              paged
              className={cn(
                "grid gap-6",
                filters.view === "grid" ? "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" : "grid-cols-1",
              )}
              data-view={filters.view}
            >
              {(deal, index) => (
                <DealCard
                  deal={deal}
                  placement="deal-dashes"
                  layout={filters.view}
                  imageLoading={cardImageLoading(index, 4)}
                />
              )}
            </CardGrid>
          </>
        )}
        {hasMore ? (
          <LoadMoreLink to={dealFiltersHref({ ...filters, page: filters.page + 1 })}>Load More Deals</LoadMoreLink>
        ) : null}
      </div>
    </main>
  );
}
